import { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795256455025 implements MigrationInterface {
    name = 'Init1795256455025'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "account" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "label" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "account_data" jsonb NOT NULL DEFAULT '{}', "idw_data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_414d4052f22837655ff312168cb" UNIQUE ("name"), CONSTRAINT "PK_54115ee388cdb6d86bb4bf5b2ea" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "multi_user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "password_hash" text NOT NULL, "first_name" text NOT NULL DEFAULT '', "last_name" text NOT NULL DEFAULT '', "avatar_url" text, "identity_provider" text NOT NULL DEFAULT 'local', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "two_factor_enabled" boolean NOT NULL DEFAULT false, "two_factor_secret" text, "two_factor_recovery_code_hashes" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "UQ_79d6368d67c6ae275360d332f11" UNIQUE ("email"), CONSTRAINT "PK_6a12509aa041ac84b97b1ab916f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "email" text NOT NULL, "password_hash" text NOT NULL, "role" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "first_name" text NOT NULL DEFAULT '', "last_name" text NOT NULL DEFAULT '', "avatar_url" text, "identity_provider" text NOT NULL DEFAULT 'local', "multi_user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "two_factor_enabled" boolean NOT NULL DEFAULT false, "two_factor_secret" text, "two_factor_recovery_code_hashes" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "UQ_e12875dfb3b1d92d7d7c5377e22" UNIQUE ("email"), CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6acfec7285fdf9f463462de3e9" ON "user"  ("account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_116cef7b6c4b95e88419a87d70" ON "user"  ("multi_user_id") `);
        await queryRunner.query(`CREATE TABLE "email_change" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" text NOT NULL, "subject_id" uuid NOT NULL, "subject_type" text NOT NULL, "new_email" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3c41013cfc6b716e1feeb3c1ee1" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_43a7d7babdf2967d125c3bed63" ON "email_change"  ("token_hash") `);
        await queryRunner.query(`CREATE TABLE "outbox_mail" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "to" text NOT NULL, "subject" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d209706daddb0762c743fb58634" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" text NOT NULL, "token_type" text NOT NULL, "user_id" uuid, "multi_user_id" uuid, "expire_long" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f55da76ac1c3ac420f444d2ff11" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a83507eb0338ac037780e02f2b" ON "session"  ("token_hash") `);
        await queryRunner.query(`CREATE INDEX "IDX_30e98e8746699fb9af235410af" ON "session"  ("user_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_25562a19e23af8361fdb08c0af" ON "session"  ("multi_user_id") `);
        await queryRunner.query(`CREATE TABLE "trusted_device" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "subject_id" uuid NOT NULL, "fingerprint_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c8d96405f1b13d278aa087c40a4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_2e634949386271372b7b1c56e8" ON "trusted_device"  ("subject_id", "fingerprint_hash") `);
        await queryRunner.query(`CREATE TABLE "setting" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "user_id" uuid, "key" text NOT NULL, "value" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fcb21187dc6094e24a48f677bed" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_65945237aeb0e649de41ff5ae1" ON "setting"  ("account_id") `);
        await queryRunner.query(`ALTER TABLE "user" ADD CONSTRAINT "FK_6acfec7285fdf9f463462de3e9f" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "user" ADD CONSTRAINT "FK_116cef7b6c4b95e88419a87d707" FOREIGN KEY ("multi_user_id") REFERENCES "multi_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "session" ADD CONSTRAINT "FK_30e98e8746699fb9af235410aff" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "session" ADD CONSTRAINT "FK_25562a19e23af8361fdb08c0afd" FOREIGN KEY ("multi_user_id") REFERENCES "multi_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "setting" ADD CONSTRAINT "FK_65945237aeb0e649de41ff5ae12" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "setting" ADD CONSTRAINT "FK_256b86df89fe04be3b271180745" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        // Hand-written: account-level rows have user_id NULL, and NULLs never collide in a plain unique index.
        await queryRunner.query(`CREATE UNIQUE INDEX "setting_scope_key_unique" ON "setting" ("account_id", COALESCE("user_id", '00000000-0000-0000-0000-000000000000'::uuid), "key")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."setting_scope_key_unique"`);
        await queryRunner.query(`ALTER TABLE "setting" DROP CONSTRAINT "FK_256b86df89fe04be3b271180745"`);
        await queryRunner.query(`ALTER TABLE "setting" DROP CONSTRAINT "FK_65945237aeb0e649de41ff5ae12"`);
        await queryRunner.query(`ALTER TABLE "session" DROP CONSTRAINT "FK_25562a19e23af8361fdb08c0afd"`);
        await queryRunner.query(`ALTER TABLE "session" DROP CONSTRAINT "FK_30e98e8746699fb9af235410aff"`);
        await queryRunner.query(`ALTER TABLE "user" DROP CONSTRAINT "FK_116cef7b6c4b95e88419a87d707"`);
        await queryRunner.query(`ALTER TABLE "user" DROP CONSTRAINT "FK_6acfec7285fdf9f463462de3e9f"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_65945237aeb0e649de41ff5ae1"`);
        await queryRunner.query(`DROP TABLE "setting"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_2e634949386271372b7b1c56e8"`);
        await queryRunner.query(`DROP TABLE "trusted_device"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_25562a19e23af8361fdb08c0af"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_30e98e8746699fb9af235410af"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a83507eb0338ac037780e02f2b"`);
        await queryRunner.query(`DROP TABLE "session"`);
        await queryRunner.query(`DROP TABLE "outbox_mail"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_43a7d7babdf2967d125c3bed63"`);
        await queryRunner.query(`DROP TABLE "email_change"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_116cef7b6c4b95e88419a87d70"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6acfec7285fdf9f463462de3e9"`);
        await queryRunner.query(`DROP TABLE "user"`);
        await queryRunner.query(`DROP TABLE "multi_user"`);
        await queryRunner.query(`DROP TABLE "account"`);
    }

}
