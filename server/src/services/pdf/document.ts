import pdfmake from 'pdfmake'
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { placeText } from '@yuezi/contract/forms/messages'
import { flagText, type RangeFlag } from '@yuezi/contract/forms/ranges'
import { babyAt, isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import type { Lang } from '../../plugins/i18n.js'
import type { PdfFont } from './font.js'

// A saved record or order laid out as the form shows it: the site and the form's title, who the
// record is of and who made and changed it, then every section with its fields' labels and values
// (option labels, computed values, rows as tables, photos and signatures as images).

type Translate = (key: string, params?: Record<string, string | number>) => string

/** What option-source ids and the record's people are called, as the form's pickers show them. */
export interface Names {
  customer?: string
  babies?: Map<number, string>
  departmentList?: Map<number, string>
  giftTypeList?: Map<number, string>
  productList?: Map<number, string>
  productPackageList?: Map<number, string>
  stayPackageList?: Map<number, string>
  getProductBatch?: Map<number, { batch_no: string; expiry_date: string }>
  /** The products' specifications (an order's): printed under the product's name. */
  productSpecs?: Map<number, string>
}

export interface Printable {
  lang: Lang
  siteName: string
  title: string
  /** Label and value pairs under the title: the number, the customer, who made and changed it, … */
  facts: [string, string][]
  /** Text printed before the fields (the check-in rules an acknowledgement signs). */
  intro?: { title: string; text: string }
  definition: FormDefinition
  data: FormData
  names: Names
  /** Its values outside the centre's ranges, marked beside them as the form marks them. */
  flags?: RangeFlag[]
  /** The last lines (an order's totals). */
  closing?: string[]
  /** Who signs the paper copy (an order's 领用人, 审核人, 经办人): a line to sign beside each. */
  signLines?: string[]
  /** Printed at, in the site's time. */
  printedAt: string
}

/** A stored upload's picture as pdfkit embeds it (PNG or JPEG), or undefined when it cannot be shown. */
export type ReadImage = (url: string) => string | undefined

export interface Translators {
  forms: Translate
  server: Translate
}

const SIGNATURE_FIT: [number, number] = [180, 70]
const THUMBNAIL_FIT: [number, number] = [110, 110]
const PHOTOS_PER_LINE = 3
const GREY = '#666666'
const FLAG_COLOUR = '#d46b08'

export async function renderPdf(
  font: PdfFont,
  printable: Printable,
  t: Translators,
  readImage: ReadImage,
): Promise<Buffer> {
  // pdfmake passes [file, name] on to pdfkit, which picks that font of a collection (its types miss this form).
  const file = (font.postscriptName ? [font.file, font.postscriptName] : font.file) as string
  // One face for all: the CJK font has no bold; pdfkit keeps the look of bold through the size.
  pdfmake.setFonts({ CJK: { normal: file, bold: file, italics: file, bolditalics: file } })
  // Pictures come in as data (read from the uploads): the document fetches nothing and reads only the font.
  pdfmake.setUrlAccessPolicy(() => false)
  pdfmake.setLocalAccessPolicy((file) => file === font.file)
  const doc: TDocumentDefinitions = {
    info: { title: `${printable.title}`, producer: printable.siteName, creator: printable.siteName },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'CJK', fontSize: 10, lineHeight: 1.25 },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: t.server('pdf.printedAt', { at: printable.printedAt }), color: GREY },
        { text: t.server('pdf.page', { page, pages }), alignment: 'right', color: GREY },
      ],
      margin: [40, 15, 40, 0],
      fontSize: 8,
    }),
    content: [
      { text: printable.siteName, color: GREY, margin: [0, 0, 0, 4] },
      { text: printable.title, fontSize: 18, margin: [0, 0, 0, 10] },
      pairs(printable.facts),
      ...(printable.intro
        ? [sectionTitle(printable.intro.title), { text: printable.intro.text, margin: [0, 0, 0, 6] } as Content]
        : []),
      ...printable.definition.sections.flatMap((section) => {
        const perBaby = section.fields.find((field) => field.perBaby)
        if (perBaby) return babySections(perBaby, printable, t, readImage)
        // On a twins' round the first baby's section is titled by her name, as each twin's is.
        const first = section.babyField
          ? babyAt(printable.definition, printable.data, section.fields[0].key)
          : undefined
        const title =
          first === undefined
            ? section.titleKey && t.forms(section.titleKey)
            : t.forms('formUi.babySection', { n: 1, name: babyName(printable, first) })
        return sectionContent(title, section.fields, printable, t, readImage)
      }),
      ...(printable.closing ?? []).map((line): Content => ({ text: line, margin: [0, 6, 0, 0] })),
      ...(printable.signLines?.length ? [signLines(printable.signLines)] : []),
    ],
  }
  return pdfmake.createPdf(doc).getBuffer()
}

const sectionTitle = (text: string): Content => ({ text, fontSize: 13, margin: [0, 12, 0, 4] })

/**
 * Label and value in two columns, with light lines between the rows; a row is never split over
 * two pages, so a signature stays on the page of its label.
 */
function pairs(rows: [string, TableCell][]): Content {
  if (!rows.length) return { text: '' }
  return {
    table: {
      widths: [130, '*'],
      dontBreakRows: true,
      body: rows.map(([label, value]) => [{ text: label, color: GREY }, value]),
    },
    layout: 'lightHorizontalLines',
  }
}

/** The people who sign the paper copy, side by side, each with a line to sign on; kept together on one page. */
function signLines(labels: string[]): Content {
  return {
    columns: labels.map((label) => ({ text: `${label}：________________`, margin: [0, 0, 6, 0] })),
    margin: [0, 30, 0, 0],
    unbreakable: true,
  } as Content
}

const babyName = (printable: Printable, id: unknown) =>
  (typeof id === 'number' ? printable.names.babies?.get(id) : undefined) ?? String(id ?? '')

/** A twins' round: a block for each of her babies after the first, titled by her name, with her own flags. */
function babySections(field: Field, printable: Printable, t: Translators, readImage: ReadImage): Content[] {
  const value = printable.data[field.key]
  const rows = Array.isArray(value) ? (value as FormData[]) : []
  const fields = (field.rows ?? []).filter((row) => row.type !== 'baby')
  return rows.flatMap((row, index) => {
    const title = t.forms('formUi.babySection', { n: index + 2, name: babyName(printable, row?.baby_id) })
    const prefix = `${field.key}.${index}.`
    const flags = (printable.flags ?? [])
      .filter((flag) => flag.path.startsWith(prefix))
      .map((flag) => ({ ...flag, path: flag.path.slice(prefix.length) }))
    return sectionContent(title, fields, { ...printable, data: row ?? {}, flags }, t, readImage)
  })
}

function sectionContent(
  title: string,
  fields: Field[],
  printable: Printable,
  t: Translators,
  readImage: ReadImage,
): Content[] {
  const content: Content[] = title ? [sectionTitle(title)] : []
  let plain: [string, TableCell][] = []
  const flush = () => {
    if (plain.length) content.push(pairs(plain))
    plain = []
  }
  for (const field of fields) {
    const label = t.forms(labelKeyOf(field))
    const value = printable.data[field.key]
    if (field.type === 'rows') {
      flush()
      // A section of only its rows is already titled by them (物品明细 over 物品明细 reads twice).
      if (label !== title) content.push({ text: label, margin: [0, 6, 0, 2] })
      content.push(rowsTable(field, value, printable, t))
    } else {
      const cell = cellOf(field, value, printable, t, readImage)
      const flag = printable.flags?.find((f) => f.path === field.key)
      plain.push([
        label,
        flag ? { stack: [cell as Content, { text: flagText(flag, t.forms), color: FLAG_COLOUR }] } : cell,
      ])
    }
  }
  flush()
  return content
}

/** A rows field as a table: a column per row field (a batch's expiry beside it), a line per row. */
function rowsTable(field: Field, value: unknown, printable: Printable, t: Translators): Content {
  const rows = Array.isArray(value) ? (value as FormData[]) : []
  const { productSpecs } = printable.names
  const columns = (field.rows ?? []).flatMap((row) => {
    const own = { header: t.forms(labelKeyOf(row)), cell: (data: FormData) => text(row, data[row.key], printable, t) }
    if (row.optionsSource === 'getProductBatch')
      return [
        own,
        { header: t.server('pdf.expiry'), cell: (data: FormData) => batchExpiry(data[row.key], printable.names) },
      ]
    // An order's product with its specification under its name (a column of its own would squeeze the name).
    if (productSpecs && (row.optionsSource === 'productList' || row.optionsSource === 'selfPaidProductList'))
      return [
        {
          header: `${own.header} / ${t.forms('form.field.specification')}`,
          cell: (data: FormData) =>
            [own.cell(data), productSpecs.get(data[row.key] as number)].filter(Boolean).join('\n'),
        },
      ]
    return [own]
  })
  if (!rows.length) return { text: t.server('pdf.noRows'), color: GREY }
  return {
    table: {
      headerRows: 1,
      widths: columns.map(() => '*'),
      body: [
        columns.map((column) => ({ text: column.header, color: GREY })),
        ...rows.map((row) => columns.map((column) => column.cell(row ?? {}))),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  }
}

function batchExpiry(value: unknown, names: Names): string {
  return typeof value === 'number' ? (names.getProductBatch?.get(value)?.expiry_date ?? '') : ''
}

function cellOf(field: Field, value: unknown, printable: Printable, t: Translators, readImage: ReadImage): TableCell {
  if (field.type === 'signature' || field.type === 'images') {
    const urls =
      field.type === 'signature'
        ? typeof value === 'string' && value
          ? [value]
          : []
        : Array.isArray(value)
          ? value
          : []
    const fit = field.type === 'signature' ? SIGNATURE_FIT : THUMBNAIL_FIT
    if (!urls.length) return ''
    const pictures = urls.map((url): Content => {
      const image = typeof url === 'string' ? readImage(url) : undefined
      return image ? { image, fit, margin: [0, 2, 6, 2] } : { text: t.server('pdf.imageMissing'), color: GREY }
    })
    // Photos side by side, a few to a line.
    const lines: Content[] = []
    for (let i = 0; i < pictures.length; i += PHOTOS_PER_LINE) {
      lines.push({
        columns: pictures.slice(i, i + PHOTOS_PER_LINE).map((picture) => ({ width: 'auto', stack: [picture] })),
      })
    }
    return { stack: lines }
  }
  return text(field, value, printable, t)
}

/** A value as the form shows it (in a PDF, and in a spreadsheet's cell). */
export function text(field: Field, value: unknown, printable: Printable, t: Translators): string {
  if (isEmpty(value)) return ''
  const { names, lang } = printable
  const separator = lang === 'en' ? ', ' : '、'
  const named = (map: Map<number, string> | undefined, id: unknown) =>
    (typeof id === 'number' ? map?.get(id) : undefined) ?? String(id)
  switch (field.type) {
    case 'select':
    case 'multiselect': {
      const values = Array.isArray(value) ? value : [value]
      return values.map((item) => optionLabel(field, item, printable, t)).join(separator)
    }
    case 'customer':
      return names.customer ?? String(value)
    case 'baby':
      return named(names.babies, value)
    case 'money':
      return typeof value === 'number' ? value.toFixed(2) : String(value)
    case 'location':
      return placeText(value, t.forms)
    case 'number':
    case 'computed':
      return withUnit(String(value), field.unitKey ? t.forms(field.unitKey) : '', lang)
    default:
      return typeof value === 'string' ? value : String(value)
  }
}

function optionLabel(field: Field, value: unknown, printable: Printable, t: Translators): string {
  const option = field.options?.find((o) => o.value === value)
  if (option) return t.forms(option.labelKey)
  const { names } = printable
  const id = typeof value === 'number' ? value : Number.NaN
  switch (field.optionsSource) {
    case 'getProductBatch':
      return names.getProductBatch?.get(id)?.batch_no ?? String(value)
    case 'departmentList':
    case 'giftTypeList':
    case 'productList':
    case 'productPackageList':
    case 'stayPackageList':
      return names[field.optionsSource]?.get(id) ?? String(value)
    case 'selfPaidProductList':
      return names.productList?.get(id) ?? String(value)
    default:
      // Rooms (floorList) are chosen by their name.
      return String(value)
  }
}

/** 37.5°C, 3 天, 3 days. */
const withUnit = (value: string, unit: string, lang: Lang) =>
  unit ? `${value}${lang === 'en' && /^[A-Za-z]/.test(unit) ? ' ' : ''}${unit}` : value
