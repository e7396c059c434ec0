import type { DataSource } from 'typeorm';

/**
 * Makes the second insert into `table` of a row copied from one of `templateIds` fail once: a sequence is not rolled
 * back, so the retried attempt passes. Returns the clean-up.
 */
export async function failSecondCopyInsertOnce(db: DataSource, table: string, templateIds: string[]): Promise<() => Promise<unknown>> {
  const name = `${table}_copies_fail_once`;
  await db.query(`CREATE SEQUENCE ${name}`);
  await db.query(`
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF NEW.origin IS NOT NULL AND NEW.origin->>'templateId' = ANY(ARRAY['${templateIds.join("','")}']) THEN
        IF nextval('${name}') = 2 THEN
          RAISE EXCEPTION 'injected failure after a partial copy';
        END IF;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.query(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return () => db.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}; DROP SEQUENCE IF EXISTS ${name}`);
}
