import { MigrationInterface, QueryRunner } from "typeorm";

export class ReleaseVersionIndex1795260088490 implements MigrationInterface {
    name = 'ReleaseVersionIndex1795260088490'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_573097d6be0293d119e13194a4"`);
        await queryRunner.query(`CREATE INDEX "package_release_id_version_int_index" ON "package_release"  ("id", "version_int") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."package_release_id_version_int_index"`);
        await queryRunner.query(`CREATE INDEX "IDX_573097d6be0293d119e13194a4" ON "package_release" USING btree ("id") `);
    }

}
