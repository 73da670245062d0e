-- Issue 30 point 3: /media decides, for each key it is asked for, whether the photo is public;
-- a key that is not a profile photo's own (demo and bulk art) is found by its storage path.
CREATE INDEX "images_storage_path_idx" ON "images" USING btree ("storage_path");
--> statement-breakpoint
-- Issue 30 point 11: a deleted profile's names are held for 90 days, so no other provider takes
-- its address at once and inherits its links and reputation. Every way a profile goes (the
-- account deleted, any cascade from it) passes here, before the cascade would drop the old names
-- that pointed at it. Only names that have been public (approved now, suspended from approved, or
-- once verified) are held, as a rename holds only those: a draft's name has no links to inherit,
-- and holding it would let one account sit on any number of names (or an unconfirmed sign-up,
-- swept after 7 days, hold its name for 90). Demonstration profiles hold nothing.
CREATE FUNCTION "profiles_hold_usernames"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  until constant timestamptz := now() + interval '90 days';
BEGIN
  IF OLD.is_demo OR (OLD.verified_at IS NULL AND OLD.status NOT IN ('approved', 'suspended')) THEN
    RETURN OLD;
  END IF;
  -- Its old names stop leading to it and are held like its last one.
  UPDATE "reserved_usernames" SET "profile_id" = NULL, "reason" = 'released', "held_until" = until
    WHERE "profile_id" = OLD.id;
  -- A name the team reserved for good (held_until null) stays so.
  INSERT INTO "reserved_usernames" ("username", "reason", "held_until")
    VALUES (OLD.username, 'released', until)
    ON CONFLICT ("username") DO UPDATE SET "held_until" = until, "reason" = 'released'
      WHERE "reserved_usernames"."held_until" IS NOT NULL;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_hold_usernames" BEFORE DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_hold_usernames"();
