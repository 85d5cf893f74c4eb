CREATE TABLE "notice_ledger" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_ledger_kind_subject_pk" PRIMARY KEY("kind","subject")
);
