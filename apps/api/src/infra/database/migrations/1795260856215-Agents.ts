import { MigrationInterface, QueryRunner } from "typeorm";

export class Agents1795260856215 implements MigrationInterface {
    name = 'Agents1795260856215'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "agent" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_by_id" uuid, "name" text NOT NULL, "description" text NOT NULL DEFAULT '', "image" text, "objective" text NOT NULL DEFAULT '', "primer" text NOT NULL DEFAULT '', "actions" jsonb NOT NULL DEFAULT '[]', "model" jsonb NOT NULL, "knowledge" jsonb NOT NULL DEFAULT '[]', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1000e989398c5d4ed585cf9a46f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_1bf2bef3ce86ed78072d5be164" ON "agent"  ("account_id") `);
        await queryRunner.query(`CREATE TABLE "agent_execution" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "agent_id" uuid NOT NULL, "status" text NOT NULL DEFAULT 'queued', "input" jsonb NOT NULL, "output" jsonb, "error" text, "run_count" integer NOT NULL DEFAULT '0', "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba438acc8532addc12d1ef17049" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_0287c514b5be2b4f1ce62d7509" ON "agent_execution"  ("agent_id", "created_at") `);
        await queryRunner.query(`CREATE TABLE "agent_template" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "description" text NOT NULL DEFAULT '', "long_description" text NOT NULL DEFAULT '', "image" text, "tags" jsonb NOT NULL DEFAULT '[]', "objective" text NOT NULL DEFAULT '', "primer" text NOT NULL DEFAULT '', "actions" jsonb NOT NULL DEFAULT '[]', "model" jsonb NOT NULL, "knowledge" jsonb NOT NULL DEFAULT '[]', "spaces" jsonb NOT NULL DEFAULT '[]', "flows" jsonb NOT NULL DEFAULT '[]', "relational_db" jsonb NOT NULL DEFAULT '[]', "lookup_collections" jsonb NOT NULL DEFAULT '[]', "connected_resources" jsonb NOT NULL DEFAULT '[]', "tables" jsonb NOT NULL DEFAULT '[]', "download_count" integer NOT NULL DEFAULT '0', "created_by_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2808b008a09227cd11e5f939e6b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "agent" ADD CONSTRAINT "FK_1bf2bef3ce86ed78072d5be1641" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "agent" ADD CONSTRAINT "FK_153c1c973481c7bdd973882d6eb" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "agent_execution" ADD CONSTRAINT "FK_b16d70d6c6d2dc1d8bec135a0b6" FOREIGN KEY ("agent_id") REFERENCES "agent"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "agent_template" ADD CONSTRAINT "FK_4f8f1a89be2807124e7ebe128a5" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        // Added by hand: names unique regardless of case (per account for agents), and the execution states.
        await queryRunner.query(`CREATE UNIQUE INDEX "agent_account_name_unique" ON "agent" ("account_id", lower("name"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "agent_template_name_unique" ON "agent_template" (lower("name"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."agent_template_name_unique"`);
        await queryRunner.query(`DROP INDEX "public"."agent_account_name_unique"`);
        await queryRunner.query(`ALTER TABLE "agent_template" DROP CONSTRAINT "FK_4f8f1a89be2807124e7ebe128a5"`);
        await queryRunner.query(`ALTER TABLE "agent_execution" DROP CONSTRAINT "FK_b16d70d6c6d2dc1d8bec135a0b6"`);
        await queryRunner.query(`ALTER TABLE "agent" DROP CONSTRAINT "FK_153c1c973481c7bdd973882d6eb"`);
        await queryRunner.query(`ALTER TABLE "agent" DROP CONSTRAINT "FK_1bf2bef3ce86ed78072d5be1641"`);
        await queryRunner.query(`DROP TABLE "agent_template"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_0287c514b5be2b4f1ce62d7509"`);
        await queryRunner.query(`DROP TABLE "agent_execution"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1bf2bef3ce86ed78072d5be164"`);
        await queryRunner.query(`DROP TABLE "agent"`);
    }

}
