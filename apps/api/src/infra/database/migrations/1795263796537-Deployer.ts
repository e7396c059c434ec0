import { MigrationInterface, QueryRunner } from "typeorm";

export class Deployer1795263796537 implements MigrationInterface {
    name = 'Deployer1795263796537'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "deployment" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "flow_id" uuid NOT NULL, "flow_alias" text NOT NULL DEFAULT 'live', "interactive_debug" boolean NOT NULL DEFAULT false, "role" text, "run_id" uuid NOT NULL, "status" text NOT NULL DEFAULT 'pending', "result" jsonb NOT NULL DEFAULT '{}', "error_data" jsonb NOT NULL DEFAULT '[]', "flow_version" integer, "deployed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee1f952fc81f37c6fea69c2e248" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6096b5629f191e95db7fb54045" ON "deployment"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_23de71a9c7e0c361653b9620a0" ON "deployment"  ("flow_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_6ee40fde0869d3804a0b687c39" ON "deployment"  ("run_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_90e4b9d42e8c178f4046d9a803" ON "deployment"  ("account_id", "role") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "deployment_live_unique" ON "deployment"  ("flow_id", "flow_alias") WHERE status = 'deployed'`);
        await queryRunner.query(`ALTER TABLE "deployment" ADD CONSTRAINT "FK_6096b5629f191e95db7fb540457" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "deployment" ADD CONSTRAINT "FK_23de71a9c7e0c361653b9620a06" FOREIGN KEY ("flow_id") REFERENCES "flow"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployment" DROP CONSTRAINT "FK_23de71a9c7e0c361653b9620a06"`);
        await queryRunner.query(`ALTER TABLE "deployment" DROP CONSTRAINT "FK_6096b5629f191e95db7fb540457"`);
        await queryRunner.query(`DROP INDEX "public"."deployment_live_unique"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_90e4b9d42e8c178f4046d9a803"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6ee40fde0869d3804a0b687c39"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_23de71a9c7e0c361653b9620a0"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6096b5629f191e95db7fb54045"`);
        await queryRunner.query(`DROP TABLE "deployment"`);
    }

}
