CREATE TABLE "server_groups" (
	"server_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "server_groups_server_id_name_pk" PRIMARY KEY("server_id","name")
);
--> statement-breakpoint
ALTER TABLE "server_groups" ADD CONSTRAINT "server_groups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;