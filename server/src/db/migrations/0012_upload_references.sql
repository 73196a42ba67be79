ALTER TABLE "sites" ADD COLUMN "upload_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- Records keep a photo or signature as `/uploads/<name>`, which every reply signs afresh: older
-- records kept the absolute address they were saved through (this server's, or the bucket's
-- public one, whose names are the uploads' random ones).
UPDATE "form_records" SET "data" = regexp_replace(regexp_replace("data"::text,
  '"https?://[^"/]+/uploads/([A-Za-z0-9_-][A-Za-z0-9_.-]*)"', '"/uploads/\1"', 'g'),
  '"https?://[^"]+/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|gif|bmp))"', '"/uploads/\1"', 'g')::jsonb
WHERE "data"::text ~ '"https?://';
--> statement-breakpoint
UPDATE "survey_answers" SET "data" = regexp_replace(regexp_replace("data"::text,
  '"https?://[^"/]+/uploads/([A-Za-z0-9_-][A-Za-z0-9_.-]*)"', '"/uploads/\1"', 'g'),
  '"https?://[^"]+/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|gif|bmp))"', '"/uploads/\1"', 'g')::jsonb
WHERE "data"::text ~ '"https?://';
--> statement-breakpoint
UPDATE "special_cares" SET "signature" = regexp_replace(regexp_replace("signature",
  '^https?://[^/]+/uploads/([A-Za-z0-9_-][A-Za-z0-9_.-]*)$', '/uploads/\1'),
  '^https?://.+/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|gif|bmp))$', '/uploads/\1')
WHERE "signature" ~ '^https?://';
