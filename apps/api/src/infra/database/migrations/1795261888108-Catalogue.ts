import { MigrationInterface, QueryRunner } from "typeorm";

export class Catalogue1795261888108 implements MigrationInterface {
    name = 'Catalogue1795261888108'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "bot" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "tag_ids" uuid array NOT NULL DEFAULT '{}', "is_deleted" boolean NOT NULL DEFAULT false, "is_template" boolean NOT NULL DEFAULT false, "sandbox" boolean NOT NULL DEFAULT false, "download_count" integer NOT NULL DEFAULT '0', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "data" jsonb NOT NULL, CONSTRAINT "PK_bc6d59d7870eb2efd5f7f61e5ca" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_b8a77a55e74687bf3982f4d048" ON "bot"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_e33225815338cd7329b86f2b29" ON "bot"  ("is_template", "download_count") `);
        await queryRunner.query(`CREATE TABLE "flow" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "tag_ids" uuid array NOT NULL DEFAULT '{}', "is_deleted" boolean NOT NULL DEFAULT false, "is_template" boolean NOT NULL DEFAULT false, "sandbox" boolean NOT NULL DEFAULT false, "download_count" integer NOT NULL DEFAULT '0', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "bot_id" uuid NOT NULL, "version" integer NOT NULL DEFAULT '1', "is_starter" boolean NOT NULL DEFAULT false, "step_template_ids" uuid array NOT NULL DEFAULT '{}', "data" jsonb NOT NULL, CONSTRAINT "PK_6c2ad4a3e86394cd9bb7a80a228" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_a2ba8b30dc1cc0855c44a6e7ff" ON "flow"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_8ccf1125b55f15e6aa100fc8bd" ON "flow"  ("bot_id") `);
        // Added by hand: a GIN index for the by-step-template queries (`step_template_ids && $ids`).
        await queryRunner.query(`CREATE INDEX "flow_step_template_ids_gin" ON "flow" USING gin ("step_template_ids")`);
        await queryRunner.query(`CREATE INDEX "IDX_528e68553742c106a773e3c5d8" ON "flow"  ("is_template", "download_count") `);
        await queryRunner.query(`CREATE TABLE "step_template" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "tag_ids" uuid array NOT NULL DEFAULT '{}', "is_deleted" boolean NOT NULL DEFAULT false, "is_template" boolean NOT NULL DEFAULT false, "sandbox" boolean NOT NULL DEFAULT false, "download_count" integer NOT NULL DEFAULT '0', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "flow_id" uuid, "label" text NOT NULL, "recommended" boolean NOT NULL DEFAULT false, "data" jsonb NOT NULL, CONSTRAINT "PK_afcdc18f4a05f6e53220aae06b1" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_bae0d23395b857732fdad52e4c" ON "step_template"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_82fc5e2a538017b8bdb9ef0972" ON "step_template"  ("flow_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_287abdfec96c57bda4245fba32" ON "step_template"  ("is_template", "download_count") `);
        await queryRunner.query(`CREATE TABLE "tag" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "data" jsonb NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e4052373c579afc1471f526760" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_8a3e1e2394bce7a7e3c24cf20c" ON "tag"  ("account_id") `);
        await queryRunner.query(`ALTER TABLE "bot" ADD CONSTRAINT "FK_b8a77a55e74687bf3982f4d0489" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "flow" ADD CONSTRAINT "FK_a2ba8b30dc1cc0855c44a6e7ffe" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "flow" ADD CONSTRAINT "FK_8ccf1125b55f15e6aa100fc8bd5" FOREIGN KEY ("bot_id") REFERENCES "bot"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "step_template" ADD CONSTRAINT "FK_bae0d23395b857732fdad52e4c1" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "step_template" ADD CONSTRAINT "FK_82fc5e2a538017b8bdb9ef09722" FOREIGN KEY ("flow_id") REFERENCES "flow"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "tag" ADD CONSTRAINT "FK_8a3e1e2394bce7a7e3c24cf20c3" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "tag" DROP CONSTRAINT "FK_8a3e1e2394bce7a7e3c24cf20c3"`);
        await queryRunner.query(`ALTER TABLE "step_template" DROP CONSTRAINT "FK_82fc5e2a538017b8bdb9ef09722"`);
        await queryRunner.query(`ALTER TABLE "step_template" DROP CONSTRAINT "FK_bae0d23395b857732fdad52e4c1"`);
        await queryRunner.query(`ALTER TABLE "flow" DROP CONSTRAINT "FK_8ccf1125b55f15e6aa100fc8bd5"`);
        await queryRunner.query(`ALTER TABLE "flow" DROP CONSTRAINT "FK_a2ba8b30dc1cc0855c44a6e7ffe"`);
        await queryRunner.query(`ALTER TABLE "bot" DROP CONSTRAINT "FK_b8a77a55e74687bf3982f4d0489"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_8a3e1e2394bce7a7e3c24cf20c"`);
        await queryRunner.query(`DROP TABLE "tag"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_287abdfec96c57bda4245fba32"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_82fc5e2a538017b8bdb9ef0972"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bae0d23395b857732fdad52e4c"`);
        await queryRunner.query(`DROP TABLE "step_template"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_528e68553742c106a773e3c5d8"`);
        await queryRunner.query(`DROP INDEX "public"."flow_step_template_ids_gin"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_8ccf1125b55f15e6aa100fc8bd"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a2ba8b30dc1cc0855c44a6e7ff"`);
        await queryRunner.query(`DROP TABLE "flow"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e33225815338cd7329b86f2b29"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_b8a77a55e74687bf3982f4d048"`);
        await queryRunner.query(`DROP TABLE "bot"`);
    }

}
