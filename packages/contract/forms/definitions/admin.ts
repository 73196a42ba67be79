import type { Field, FormDefinition, Option } from '../types.js'
import { VISIT_POLICIES } from '../ranges.js'

// The administration's edit forms: a staff account and the centre's settings. Their data is the
// save's body (admin/staff/save, admin/site/save), validated with these definitions on both sides;
// the server then checks what a definition cannot know (the account name's rule, the sites).

/** An account name: letters, digits and . _ - (what staff type at sign-in on any keyboard). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._-]{3,30}$/

/** Visiting hours as the centre's clock shows them. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/** The rights a staff member holds in one site. */
export const RIGHTS: Option[] = [
  { value: 'approve', labelKey: 'adminForm.right.approve' },
  { value: 'administer', labelKey: 'adminForm.right.administer' },
]

export const YES_NO: Option[] = [
  { value: 'yes', labelKey: 'adminForm.yes' },
  { value: 'no', labelKey: 'adminForm.no' },
]

const site_id: Field = {
  key: 'site_id',
  type: 'select',
  required: true,
  optionsSource: 'adminSiteList',
  labelKey: 'adminForm.field.site',
}
const rights: Field = { key: 'rights', type: 'multiselect', options: RIGHTS, labelKey: 'adminForm.field.rights' }

/** 员工: who she is, her account name (fixed once made), and her sites with her rights in each. */
export const staffForm: FormDefinition = {
  name: '员工',
  titleKey: 'adminForm.title.staff',
  route: '/pagesAdmin/pages/staffEdit/index',
  sections: [
    {
      titleKey: 'adminForm.section.person',
      fields: [
        { key: 'name', type: 'text', required: true, maxLength: 30, labelKey: 'adminForm.field.name' },
        { key: 'account', type: 'text', required: true, maxLength: 30, labelKey: 'adminForm.field.account' },
      ],
    },
    {
      titleKey: 'adminForm.section.sites',
      fields: [
        {
          key: 'sites',
          type: 'rows',
          required: true,
          minItems: 1,
          maxItems: 20,
          rows: [site_id, rights],
          labelKey: 'adminForm.field.sites',
        },
        {
          key: 'default_site_id',
          type: 'select',
          optionsSource: 'adminSiteList',
          labelKey: 'adminForm.field.defaultSite',
        },
      ],
    },
  ],
}

/** 门店设置: the centre's name, clock, place, visiting hours, check-in rules and order and upload rules. */
export const centreForm: FormDefinition = {
  name: '门店设置',
  titleKey: 'adminForm.title.centre',
  route: '/pagesAdmin/pages/centre/index',
  sections: [
    {
      titleKey: 'adminForm.section.centre',
      fields: [
        { key: 'name', type: 'text', required: true, maxLength: 50, labelKey: 'adminForm.field.centreName' },
        { key: 'time_zone', type: 'text', required: true, maxLength: 50, labelKey: 'adminForm.field.timeZone' },
        { key: 'visit_from', type: 'text', maxLength: 5, labelKey: 'adminForm.field.visitFrom' },
        { key: 'visit_to', type: 'text', maxLength: 5, labelKey: 'adminForm.field.visitTo' },
        {
          key: 'visit_policy',
          type: 'select',
          required: true,
          options: VISIT_POLICIES.map((value) => ({ value, labelKey: `adminForm.visitPolicy.${value}` })),
          labelKey: 'adminForm.field.visitPolicy',
        },
      ],
    },
    {
      titleKey: 'adminForm.section.place',
      fields: [
        { key: 'latitude', type: 'number', min: -90, max: 90, decimals: 6, labelKey: 'adminForm.field.latitude' },
        { key: 'longitude', type: 'number', min: -180, max: 180, decimals: 6, labelKey: 'adminForm.field.longitude' },
        {
          key: 'radius',
          type: 'number',
          required: true,
          min: 10,
          max: 50_000,
          unitKey: 'form.unit.metre',
          labelKey: 'adminForm.field.radius',
        },
      ],
    },
    {
      titleKey: 'adminForm.section.rules',
      fields: [
        {
          key: 'creator_may_approve',
          type: 'select',
          required: true,
          options: YES_NO,
          labelKey: 'adminForm.field.creatorMayApprove',
        },
        {
          key: 'upload_retention_days',
          type: 'number',
          required: true,
          min: 1,
          max: 3650,
          unitKey: 'form.unit.day',
          labelKey: 'adminForm.field.uploadRetentionDays',
        },
        { key: 'rules', type: 'textarea', required: true, maxLength: 20_000, labelKey: 'adminForm.field.rules' },
      ],
    },
  ],
}
