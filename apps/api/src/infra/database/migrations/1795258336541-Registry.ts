import { MigrationInterface, QueryRunner } from "typeorm";

export class Registry1795258336541 implements MigrationInterface {
    name = 'Registry1795258336541'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
        await queryRunner.query(`CREATE TABLE "actor" ("id" SERIAL NOT NULL, "account_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_a63677554885e9bdac5e9205ef3" UNIQUE ("account_id", "user_id"), CONSTRAINT "PK_05b325494fcc996a44ae6928e5e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "category" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "hidden" boolean NOT NULL DEFAULT false, "type" text NOT NULL, CONSTRAINT "PK_9c4e4a89e3674fc9f382d733f03" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "registry_migration" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "status" text NOT NULL, "error" text, "pid" integer, "run_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8f7d81f5f846f79310f6305d477" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "package" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" uuid NOT NULL, "type" text NOT NULL, "latest_revision_id" uuid, "download_count" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_308364c66df656295bc4ec467c2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_7bb9ccc50ee150d043abb7040a" ON "package"  ("type") `);
        await queryRunner.query(`CREATE TABLE "package_release" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revision_id" uuid NOT NULL DEFAULT gen_random_uuid(), "id" uuid NOT NULL, "type" text NOT NULL, "schema_type" text NOT NULL, "version" text NOT NULL, "version_int" bigint NOT NULL, "prerelease" boolean NOT NULL DEFAULT false, "label" text NOT NULL, "description" text, "meta" jsonb, "release_notes_markdown" text DEFAULT '', "members_account_ids" text array, "members_user_ids" text array, "serving_type" text, "base_url" text, "source_revision_id" uuid, "owner_account_id" uuid NOT NULL, "owner_user_id" uuid NOT NULL, "fts" tsvector, "search_text" text NOT NULL DEFAULT '', CONSTRAINT "package_release_version_unique" UNIQUE ("id", "version"), CONSTRAINT "PK_ff5be82c0a66098f197e68e66f8" PRIMARY KEY ("revision_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_573097d6be0293d119e13194a4" ON "package_release"  ("id") `);
        await queryRunner.query(`CREATE INDEX "IDX_26c6df93e848dd6d5a1b56512c" ON "package_release"  ("owner_account_id") `);
        await queryRunner.query(`CREATE TABLE "package_dependency" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "type" text NOT NULL, "value" text NOT NULL, "package_release_revision_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8a3b7e9476d305657712c94393a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_d4377f1b1644eee8928f9f05c8" ON "package_dependency"  ("package_release_revision_id") `);
        await queryRunner.query(`CREATE TABLE "package_release_data" ("revision_id" uuid NOT NULL, "data" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5869acc4608b625cfd2382e7e72" PRIMARY KEY ("revision_id"))`);
        await queryRunner.query(`CREATE TABLE "package_status_details_release" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "status" text NOT NULL, "level" text NOT NULL, "package_release_revision_id" uuid NOT NULL, CONSTRAINT "package_status_release_level_unique" UNIQUE ("package_release_revision_id", "level"), CONSTRAINT "PK_4389e7ef2cefb2f5f11ea3a17b3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "package_status_details_system" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "status" text NOT NULL, "package_release_revision_id" uuid NOT NULL, "error" text, CONSTRAINT "UQ_50b95c4491f8836e80d308741da" UNIQUE ("package_release_revision_id"), CONSTRAINT "REL_50b95c4491f8836e80d308741d" UNIQUE ("package_release_revision_id"), CONSTRAINT "PK_9be6cf45c23e72455986cf75aab" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "source" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" uuid NOT NULL DEFAULT gen_random_uuid(), "label" text NOT NULL, "type" text NOT NULL, "owner_account_id" uuid NOT NULL, "owner_user_id" uuid NOT NULL, CONSTRAINT "PK_018c433f8264b58c86363eaadde" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6f613bc631e55eba222e623320" ON "source"  ("owner_account_id") `);
        await queryRunner.query(`CREATE TABLE "source_branch" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" uuid NOT NULL DEFAULT gen_random_uuid(), "label" text NOT NULL, "published" boolean NOT NULL DEFAULT false, "published_version" text, "parent_revision_id" uuid, "source_id" uuid NOT NULL, CONSTRAINT "PK_42e9a4b65b5cd962d4f2f72f2e1" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_9d74a527f30c3304d965158b4d" ON "source_branch"  ("source_id") `);
        await queryRunner.query(`CREATE TABLE "source_revision" ("created_by_id" integer, "modified_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "id" uuid NOT NULL DEFAULT gen_random_uuid(), "source_branch_id" uuid NOT NULL, "source_id" uuid NOT NULL, "package_meta" jsonb NOT NULL DEFAULT '{}', "meta" jsonb NOT NULL DEFAULT '{}', "data" jsonb, CONSTRAINT "PK_4e88134a66ecc3d8a8db605b320" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_498bf6d91b020138d92334bf3a" ON "source_revision"  ("source_branch_id") `);
        await queryRunner.query(`CREATE TABLE "source_members" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" text array NOT NULL DEFAULT '{}', "user_id" text array NOT NULL DEFAULT '{}', "source_id" uuid NOT NULL, CONSTRAINT "UQ_563ff84a26369496b1195aa8107" UNIQUE ("source_id"), CONSTRAINT "REL_563ff84a26369496b1195aa810" UNIQUE ("source_id"), CONSTRAINT "PK_edba3c519b15511d8b715b34760" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "run" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL, "owner_account_id" uuid, "owner_user_id" uuid, "state" text NOT NULL, "progress" integer NOT NULL DEFAULT '0', "snapshot" jsonb, "snapshot_version" integer NOT NULL DEFAULT '1', "input" jsonb NOT NULL DEFAULT '{}', "output" jsonb, "error" text, "attempts" integer NOT NULL DEFAULT '0', "heartbeat_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_804c38ffba92002c6d2c646dd46" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_568b3bf1f91d2f18638c04a719" ON "run"  ("state") `);
        await queryRunner.query(`CREATE INDEX "IDX_72e2b9075b7d460d81081b8beb" ON "run"  ("owner_account_id", "created_at") `);
        await queryRunner.query(`CREATE TABLE "package_release_category" ("revision_id" uuid NOT NULL, "category_id" uuid NOT NULL, CONSTRAINT "PK_0fc77439abaca65453b82af2225" PRIMARY KEY ("revision_id", "category_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_c8867453c1a66a78717d8a3555" ON "package_release_category"  ("revision_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_477709fca584f6eb45d8e2adf2" ON "package_release_category"  ("category_id") `);
        await queryRunner.query(`ALTER TABLE "package_release" ADD CONSTRAINT "FK_573097d6be0293d119e13194a4e" FOREIGN KEY ("id") REFERENCES "package"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "package_dependency" ADD CONSTRAINT "FK_d4377f1b1644eee8928f9f05c8e" FOREIGN KEY ("package_release_revision_id") REFERENCES "package_release"("revision_id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "package_release_data" ADD CONSTRAINT "FK_5869acc4608b625cfd2382e7e72" FOREIGN KEY ("revision_id") REFERENCES "package_release"("revision_id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "package_status_details_release" ADD CONSTRAINT "FK_1cb1ee31cb37c8a218c97998e89" FOREIGN KEY ("package_release_revision_id") REFERENCES "package_release"("revision_id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "package_status_details_system" ADD CONSTRAINT "FK_50b95c4491f8836e80d308741da" FOREIGN KEY ("package_release_revision_id") REFERENCES "package_release"("revision_id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "source_branch" ADD CONSTRAINT "FK_9d74a527f30c3304d965158b4d6" FOREIGN KEY ("source_id") REFERENCES "source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "source_revision" ADD CONSTRAINT "FK_498bf6d91b020138d92334bf3aa" FOREIGN KEY ("source_branch_id") REFERENCES "source_branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "source_members" ADD CONSTRAINT "FK_563ff84a26369496b1195aa8107" FOREIGN KEY ("source_id") REFERENCES "source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "package_release_category" ADD CONSTRAINT "FK_c8867453c1a66a78717d8a35558" FOREIGN KEY ("revision_id") REFERENCES "package_release"("revision_id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "package_release_category" ADD CONSTRAINT "FK_477709fca584f6eb45d8e2adf29" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        // Hand-written: expression and GIN indexes TypeORM cannot declare.
        await queryRunner.query(`CREATE UNIQUE INDEX "category_type_name_unique" ON "category" ("type", lower("name"))`);
        await queryRunner.query(`CREATE INDEX "package_release_fts_index" ON "package_release" USING GIN ("fts")`);
        await queryRunner.query(`CREATE INDEX "package_release_trgm_index" ON "package_release" USING GIN ("search_text" gin_trgm_ops)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."package_release_trgm_index"`);
        await queryRunner.query(`DROP INDEX "public"."package_release_fts_index"`);
        await queryRunner.query(`DROP INDEX "public"."category_type_name_unique"`);
        await queryRunner.query(`ALTER TABLE "package_release_category" DROP CONSTRAINT "FK_477709fca584f6eb45d8e2adf29"`);
        await queryRunner.query(`ALTER TABLE "package_release_category" DROP CONSTRAINT "FK_c8867453c1a66a78717d8a35558"`);
        await queryRunner.query(`ALTER TABLE "source_members" DROP CONSTRAINT "FK_563ff84a26369496b1195aa8107"`);
        await queryRunner.query(`ALTER TABLE "source_revision" DROP CONSTRAINT "FK_498bf6d91b020138d92334bf3aa"`);
        await queryRunner.query(`ALTER TABLE "source_branch" DROP CONSTRAINT "FK_9d74a527f30c3304d965158b4d6"`);
        await queryRunner.query(`ALTER TABLE "package_status_details_system" DROP CONSTRAINT "FK_50b95c4491f8836e80d308741da"`);
        await queryRunner.query(`ALTER TABLE "package_status_details_release" DROP CONSTRAINT "FK_1cb1ee31cb37c8a218c97998e89"`);
        await queryRunner.query(`ALTER TABLE "package_release_data" DROP CONSTRAINT "FK_5869acc4608b625cfd2382e7e72"`);
        await queryRunner.query(`ALTER TABLE "package_dependency" DROP CONSTRAINT "FK_d4377f1b1644eee8928f9f05c8e"`);
        await queryRunner.query(`ALTER TABLE "package_release" DROP CONSTRAINT "FK_573097d6be0293d119e13194a4e"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_477709fca584f6eb45d8e2adf2"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_c8867453c1a66a78717d8a3555"`);
        await queryRunner.query(`DROP TABLE "package_release_category"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_72e2b9075b7d460d81081b8beb"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_568b3bf1f91d2f18638c04a719"`);
        await queryRunner.query(`DROP TABLE "run"`);
        await queryRunner.query(`DROP TABLE "source_members"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_498bf6d91b020138d92334bf3a"`);
        await queryRunner.query(`DROP TABLE "source_revision"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9d74a527f30c3304d965158b4d"`);
        await queryRunner.query(`DROP TABLE "source_branch"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6f613bc631e55eba222e623320"`);
        await queryRunner.query(`DROP TABLE "source"`);
        await queryRunner.query(`DROP TABLE "package_status_details_system"`);
        await queryRunner.query(`DROP TABLE "package_status_details_release"`);
        await queryRunner.query(`DROP TABLE "package_release_data"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_d4377f1b1644eee8928f9f05c8"`);
        await queryRunner.query(`DROP TABLE "package_dependency"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_26c6df93e848dd6d5a1b56512c"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_573097d6be0293d119e13194a4"`);
        await queryRunner.query(`DROP TABLE "package_release"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7bb9ccc50ee150d043abb7040a"`);
        await queryRunner.query(`DROP TABLE "package"`);
        await queryRunner.query(`DROP TABLE "registry_migration"`);
        await queryRunner.query(`DROP TABLE "category"`);
        await queryRunner.query(`DROP TABLE "actor"`);
    }

}
