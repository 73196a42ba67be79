// The store's lists (products, packages, gift types) and a product's batches. Quiet: the fields
// show their own loading and error states. Imported by the stock pages only (pagesHome).
import { request, type RequestOptions } from '@/api/request'
import type { Page } from '@/api/types'

const QUIET: RequestOptions = { loading: false, showError: false }

export interface Product {
  id: number
  name: string
  spec: string
  unit: string
  /** Yuan. */
  price: number
  category?: string
  /** On hand in unexpired batches. */
  stock: number
}

export interface ProductPackage {
  id: number
  name: string
  items: { product_id: number; quantity: number; product_name?: string }[]
}

export interface GiftType {
  id: number
  name: string
  package_id: number
}

export interface ProductBatch {
  id: number
  product_id: number
  batch_no: string
  production_date: string | null
  expiry_date: string
  quantity: number
  near_expiry: boolean
}

export function productList(
  query: { page: number; limit: number; keyword?: string; category?: string },
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
