CREATE TABLE "role_default_grants" (
	"role_id" integer NOT NULL,
	"permission_set" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "role_default_grants_role_id_permission_set_name_pk" PRIMARY KEY("role_id","permission_set","name")
);
--> statement-breakpoint
ALTER TABLE "role_default_grants" ADD CONSTRAINT "role_default_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;