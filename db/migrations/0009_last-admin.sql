-- The team always keeps one admin (issue 8 item 7). The screens check it, and this trigger
-- makes it hold under concurrency too: removing or demoting an admin locks every admin row
-- first, so of two removals at once the second sees the first and is refused.
CREATE FUNCTION "keep_one_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.role = 'admin' AND (TG_OP = 'DELETE' OR NEW.role <> 'admin') THEN
		IF NOT EXISTS (
			SELECT 1 FROM (
				SELECT user_id FROM user_roles WHERE role = 'admin' FOR UPDATE
			) admins WHERE admins.user_id <> OLD.user_id
		) THEN
			RAISE EXCEPTION 'the last admin cannot be removed' USING ERRCODE = 'P0001';
		END IF;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "keep_one_admin" BEFORE DELETE OR UPDATE OF "role" ON "user_roles"
	FOR EACH ROW EXECUTE FUNCTION "keep_one_admin"();
