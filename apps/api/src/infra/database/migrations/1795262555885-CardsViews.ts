import { MigrationInterface, QueryRunner } from "typeorm";

export class CardsViews1795262555885 implements MigrationInterface {
    name = 'CardsViews1795262555885'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "view" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "tag_ids" uuid array NOT NULL DEFAULT '{}', "is_deleted" boolean NOT NULL DEFAULT false, "is_template" boolean NOT NULL DEFAULT false, "sandbox" boolean NOT NULL DEFAULT false, "download_count" integer NOT NULL DEFAULT '0', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "card_ids" uuid array NOT NULL DEFAULT '{}', "template" jsonb, "type" text, "bot_id" uuid, "flow_id" uuid, "downloadable" boolean NOT NULL DEFAULT false, "data" jsonb NOT NULL, CONSTRAINT "PK_86cfb9e426c77d60b900fe2b543" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_492b14d2e7d02bfdc84f90493d" ON "view"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_7c1352ead3d64cf482b556cc3b" ON "view"  ("bot_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_bc8e00a0ac2da09627304abc38" ON "view"  ("is_template", "download_count") `);
        await queryRunner.query(`CREATE TABLE "card" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "tag_ids" uuid array NOT NULL DEFAULT '{}', "is_deleted" boolean NOT NULL DEFAULT false, "is_template" boolean NOT NULL DEFAULT false, "sandbox" boolean NOT NULL DEFAULT false, "download_count" integer NOT NULL DEFAULT '0', "origin" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "template" jsonb, "type" text, "card_id" uuid, "view_id" uuid, "data" jsonb NOT NULL, CONSTRAINT "PK_9451069b6f1199730791a7f4ae4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_1d327e4dd5f78db21a1c5fe95a" ON "card"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_5df9086352da97a34d21571def" ON "card"  ("view_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_6275241c9ff940361187bf8970" ON "card"  ("is_template", "download_count") `);
        await queryRunner.query(`ALTER TABLE "view" ADD CONSTRAINT "FK_492b14d2e7d02bfdc84f90493dd" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "view" ADD CONSTRAINT "FK_7c1352ead3d64cf482b556cc3b0" FOREIGN KEY ("bot_id") REFERENCES "bot"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "view" ADD CONSTRAINT "FK_bd23427e8757d1a79f536dc557b" FOREIGN KEY ("flow_id") REFERENCES "flow"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "card" ADD CONSTRAINT "FK_1d327e4dd5f78db21a1c5fe95ac" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "card" ADD CONSTRAINT "FK_9a060562f2684afa4207b1ff103" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "card" ADD CONSTRAINT "FK_5df9086352da97a34d21571def7" FOREIGN KEY ("view_id") REFERENCES "view"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "card" DROP CONSTRAINT "FK_5df9086352da97a34d21571def7"`);
        await queryRunner.query(`ALTER TABLE "card" DROP CONSTRAINT "FK_9a060562f2684afa4207b1ff103"`);
        await queryRunner.query(`ALTER TABLE "card" DROP CONSTRAINT "FK_1d327e4dd5f78db21a1c5fe95ac"`);
        await queryRunner.query(`ALTER TABLE "view" DROP CONSTRAINT "FK_bd23427e8757d1a79f536dc557b"`);
        await queryRunner.query(`ALTER TABLE "view" DROP CONSTRAINT "FK_7c1352ead3d64cf482b556cc3b0"`);
        await queryRunner.query(`ALTER TABLE "view" DROP CONSTRAINT "FK_492b14d2e7d02bfdc84f90493dd"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6275241c9ff940361187bf8970"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5df9086352da97a34d21571def"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1d327e4dd5f78db21a1c5fe95a"`);
        await queryRunner.query(`DROP TABLE "card"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bc8e00a0ac2da09627304abc38"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7c1352ead3d64cf482b556cc3b"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_492b14d2e7d02bfdc84f90493d"`);
        await queryRunner.query(`DROP TABLE "view"`);
    }

}
