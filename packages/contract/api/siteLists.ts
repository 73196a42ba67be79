import { Type } from 'typebox'
import { Envelope, Named, Nullable, Retired } from './common.js'

// /api/care/index: the site's lists that forms choose from: rooms by floor, departments, gift types.

export const FloorList = Envelope(
  Type.Array(
    Type.Object({
      floor: Type.Integer(),
      rooms: Type.Array(Type.Object({ room: Type.String(), customer_id: Nullable(Type.Integer()) })),
    }),
  ),
)

export const DepartmentList = Envelope(Type.Array(Type.Object({ ...Named.properties, retired: Retired })))

export const GiftTypeList = Envelope(
  Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), package_id: Type.Integer(), retired: Retired })),
)
