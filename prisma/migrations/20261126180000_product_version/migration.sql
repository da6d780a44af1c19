-- Every write to a product row raises its `version` by one, whoever makes it: a seller's edit or stock change, a
-- checkout taking units (place_checkout), a cancellation giving them back, a soft delete, a store's change of standing
-- (core/modules/stores/store-service.ts touches its products for that). Live product messages carry the version, so
-- a page keeps the newest state it has seen of each product when announcements overtake one another.
-- A trigger rather than `version = version + 1` in each statement, so a write added later cannot forget it.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION products_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER products_next_version BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_next_version();
