// The store's lists (products, packages, gift types) and a product's batches, which the form
// fields offer and the stock orders fill their rows from. Quiet: the fields show their own loading
// and error states. Imported by the form pages only (pagesHome).
import { request, type RequestOptions } from './request'
import type { Page, ResOf } from './types'
import type { Static } from 'typebox'
import type { GiftTypeList } from '@yuezi/contract/api/siteLists'
import type {
  Product as ProductSchema,
  ProductBatchList,
  ProductPackage as ProductPackageSchema,
} from '@yuezi/contract/api/stock'

const QUIET: RequestOptions = { loading: false, showError: false }

export type Product = Static<typeof ProductSchema>

export type ProductPackage = Static<typeof ProductPackageSchema>

export type GiftType = ResOf<typeof GiftTypeList>[number]

export type ProductBatch = ResOf<typeof ProductBatchList>[number]

export function productList(
  query: { page: number; limit: number; keyword?: string; category?: string; self_paid?: boolean },
  options: RequestOptions = QUIET,
) {
  return request<Page<Product>>('/api/care/index/productList', query, options)
}

export function productPackageList(options: RequestOptions = QUIET) {
  return request<ProductPackage[]>('/api/care/index/productPackageList', {}, options)
}

export function giftTypeList(options: RequestOptions = QUIET) {
  return request<GiftType[]>('/api/care/index/giftTypeList', {}, options)
}

/** The batches that can be chosen: in stock, not expired, earliest expiry first. */
export function getProductBatch(product_id: number, options: RequestOptions = QUIET) {
  return request<ProductBatch[]>('/api/care/inoutstore/getProductBatch', { product_id }, options)
}
