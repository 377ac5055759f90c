-- What a user should know about how a document was read (e.g. an XLIFF read as a template),
-- shown as the job's `warnings`.
ALTER TABLE "document_jobs" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;
