-- The change feed (issue 17, ADR 0015): every write that changes what a public page shows
-- notifies the channel aprova_public_changes. A notification leaves when its transaction commits
-- (none for a rollback; one payload for every table, so a transaction notifies once at most),
-- and every instance of the site listens and forgets the pages and lists it kept.
-- A profile is public when approved and active; a change to one that is neither before nor after
-- shows nowhere. Columns that no public page shows are ignored, so upload counters, reminders
-- and the team's private notes do not empty every cache. updated_at alone is ignored too: every
-- save sets it, also one that changes nothing, and the 'updated on' date a profile page shows
-- can follow with the next change or minute.
CREATE FUNCTION "profile_is_public"("profile" uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM profiles p
    WHERE p.id = "profile" AND p.status = 'approved' AND p.visibility_status = 'active'
  )
$$;
--> statement-breakpoint
CREATE FUNCTION "profiles_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  private_columns constant text[] := ARRAY[
    'updated_at', 'monthly_photo_uploads', 'photo_upload_reset_date', 'terms_accepted_at',
    'verification_reminder_at', 'pending_working_name', 'changes_submitted_at', 'hidden_at',
    'hidden_by', 'hidden_reason', 'status_reason', 'suspended_until', 'photo_source_tracking',
    'source_url', 'bulk_created_at'
  ];
  was_public boolean := false;
  is_public boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_public := OLD.status = 'approved' AND OLD.visibility_status = 'active';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_public := NEW.status = 'approved' AND NEW.visibility_status = 'active';
  END IF;
  IF NOT (was_public OR is_public) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND was_public = is_public
    AND (to_jsonb(OLD) - private_columns) = (to_jsonb(NEW) - private_columns) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('aprova_public_changes', 'changed');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "images_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored constant text[] := ARRAY['integrity_verified', 'last_integrity_check'];
BEGIN
  -- Only photos in a public gallery show: not ones being uploaded, deleted, reviewed or documents.
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - ignored) = (to_jsonb(NEW) - ignored) THEN
      RETURN NULL;
    END IF;
    IF OLD.verification_type <> 'profile' AND NEW.verification_type <> 'profile' THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.verification_type <> 'profile' THEN
      RETURN NULL;
    END IF;
  ELSIF OLD.verification_type <> 'profile' THEN
    RETURN NULL;
  END IF;
  -- A profile deleted with its photos has said so itself; it is no longer found here.
  IF profile_is_public(CASE WHEN TG_OP = 'DELETE' THEN OLD.profile_id ELSE NEW.profile_id END)
    OR (TG_OP = 'UPDATE' AND OLD.profile_id <> NEW.profile_id AND profile_is_public(OLD.profile_id))
  THEN
    PERFORM pg_notify('aprova_public_changes', 'changed');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "profile_services_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'DELETE' AND profile_is_public(NEW.profile_id))
    OR (TG_OP <> 'INSERT' AND profile_is_public(OLD.profile_id)) THEN
    PERFORM pg_notify('aprova_public_changes', 'changed');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "reference_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Start-up loads the reference data again on every instance: only a real change notifies.
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('aprova_public_changes', 'changed');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_public_change" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_public_change"();
--> statement-breakpoint
CREATE TRIGGER "images_public_change" AFTER INSERT OR UPDATE OR DELETE ON "images"
  FOR EACH ROW EXECUTE FUNCTION "images_public_change"();
--> statement-breakpoint
CREATE TRIGGER "profile_services_public_change" AFTER INSERT OR UPDATE OR DELETE
  ON "profile_services" FOR EACH ROW EXECUTE FUNCTION "profile_services_public_change"();
--> statement-breakpoint
-- An old username redirects to its profile's new one, when that profile is public; any other
-- reserved name is a 404 before and after. Row by row: a statement trigger would fire for every
-- username change of a draft too (the delete that matches nothing), and empty every cache.
CREATE FUNCTION "reserved_usernames_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'DELETE' AND NEW.profile_id IS NOT NULL AND profile_is_public(NEW.profile_id))
    OR (TG_OP <> 'INSERT' AND OLD.profile_id IS NOT NULL AND profile_is_public(OLD.profile_id))
  THEN
    PERFORM pg_notify('aprova_public_changes', 'changed');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reserved_usernames_public_change" AFTER INSERT OR UPDATE OR DELETE
  ON "reserved_usernames" FOR EACH ROW EXECUTE FUNCTION "reserved_usernames_public_change"();
--> statement-breakpoint
CREATE TRIGGER "cities_public_change" AFTER INSERT OR UPDATE OR DELETE ON "cities"
  FOR EACH ROW EXECUTE FUNCTION "reference_public_change"();
--> statement-breakpoint
CREATE TRIGGER "neighborhoods_public_change" AFTER INSERT OR UPDATE OR DELETE ON "neighborhoods"
  FOR EACH ROW EXECUTE FUNCTION "reference_public_change"();
--> statement-breakpoint
CREATE TRIGGER "services_public_change" AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH ROW EXECUTE FUNCTION "reference_public_change"();
