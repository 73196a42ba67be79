import { Type } from 'typebox'
import { Day, Envelope, Named, Nullable, Retired } from './common.js'

// /api/care/index: the site's lists that forms choose from: rooms by floor, departments, gift types,
// stay packages.

export const FloorList = Envelope(
  Type.Array(
    Type.Object({
      floor: Type.Integer(),
      rooms: Type.Array(
        Type.Object({
          room: Type.String(),
          customer_id: Nullable(
            Type.Integer({ description: "The mother of the room's open stay, booked or in house" }),
          ),
          name: Nullable(Type.String({ description: 'Her name' })),
          status: Nullable(Type.Union([Type.Literal('arriving'), Type.Literal('in_house')])),
          check_in_date: Nullable(Day),
        }),
      ),
    }),
  ),
)

export const DepartmentList = Envelope(Type.Array(Type.Object({ ...Named.properties, retired: Retired })))

export const GiftTypeList = Envelope(
  Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), package_id: Type.Integer(), retired: Retired })),
)

export const StayPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The stay's length it books: choosing it fills the stay's days. */
  days: Type.Integer(),
  /** Yuan. */
  price: Type.Number(),
  includes: Type.String(),
  retired: Retired,
})
export const StayPackageList = Envelope(Type.Array(StayPackage))
