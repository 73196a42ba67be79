-- An import's record keeps the rows of staff and mothers only until they are written where they
-- belong (services/sheets/import.ts); the records of earlier imports let them go too.
UPDATE "imports" SET "rows" = '[]'::jsonb WHERE "kind" IN ('staff', 'mothers');
