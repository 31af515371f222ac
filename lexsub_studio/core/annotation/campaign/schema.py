"""The campaign database's schema on PostgreSQL: versioned migrations and row-level security.

Everything lives in the schema ``lexsub`` of the campaign's database. ``lexsub.schema_version``
holds the version and ``MIGRATIONS[n]`` (SQL run in one transaction) brings a database from
version ``n - 1`` to ``n``, as the SQLite store does; a database written by a newer program is
refused.

Security model (docs/campaign.md): two group roles without login, ``lexsub_annotator`` and
``lexsub_organiser``. Each annotator logs in with a role of their own, a member of
``lexsub_annotator``; ``lexsub.members`` maps (campaign, annotator) to that role. Row-level
security on members, assignments, answers and conflicts lets an annotator's role see and write
only the rows of the annotator it is mapped to, whatever SQL it sends; annotators cannot delete
(a deleted answer is a row marked deleted). ``lexsub_organiser`` sees and writes everything, as
does the role that made the tables (their owner).
"""

from __future__ import annotations

ANNOTATOR_GROUP = "lexsub_annotator"
ORGANISER_GROUP = "lexsub_organiser"

_GROUP_ROLES = f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ANNOTATOR_GROUP}') THEN
        CREATE ROLE {ANNOTATOR_GROUP} NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ORGANISER_GROUP}') THEN
        CREATE ROLE {ORGANISER_GROUP} NOLOGIN;
    END IF;
END
$$;
"""

_IS_ME = """EXISTS (SELECT 1 FROM lexsub.members AS m
                     WHERE m.campaign = {table}.campaign AND m.annotator = {table}.annotator
                       AND m.role = current_user)"""

_IS_ACTIVE_ME = """EXISTS (SELECT 1 FROM lexsub.members AS m
                     WHERE m.campaign = {table}.campaign AND m.annotator = {table}.annotator
                       AND m.role = current_user AND m.revoked_at IS NULL)"""
_MY_CAMPAIGNS = "SELECT m.campaign FROM lexsub.members AS m WHERE m.role = current_user"

_ANSWER_FIELDS = """
    sub1 text NOT NULL DEFAULT '',
    sub2 text NOT NULL DEFAULT '',
    sub3 text NOT NULL DEFAULT '',
    multiword text NOT NULL DEFAULT '',
    nil boolean NOT NULL DEFAULT false,
    proper_name boolean NOT NULL DEFAULT false,
    comment text NOT NULL DEFAULT '',
    seconds double precision,
    deleted boolean NOT NULL DEFAULT false,
    revision integer NOT NULL CHECK (revision > 0),
    device text NOT NULL,
    changed_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp()
"""

_VERSION_1 = f"""
CREATE TABLE lexsub.campaigns (
    name text PRIMARY KEY,
    title text NOT NULL,
    corpus_xml text NOT NULL,
    instances integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE lexsub.instances (
    campaign text NOT NULL REFERENCES lexsub.campaigns ON DELETE CASCADE,
    lexelt text NOT NULL,
    id text NOT NULL,
    position integer NOT NULL,
    PRIMARY KEY (campaign, lexelt, id)
);
CREATE TABLE lexsub.members (
    campaign text NOT NULL REFERENCES lexsub.campaigns ON DELETE CASCADE,
    annotator text NOT NULL,
    role text NOT NULL,
    PRIMARY KEY (campaign, annotator),
    UNIQUE (campaign, role)
);
CREATE TABLE lexsub.assignments (
    campaign text NOT NULL,
    annotator text NOT NULL,
    lexelt text NOT NULL,
    id text NOT NULL,
    PRIMARY KEY (campaign, annotator, lexelt, id),
    FOREIGN KEY (campaign, annotator) REFERENCES lexsub.members ON DELETE CASCADE,
    FOREIGN KEY (campaign, lexelt, id) REFERENCES lexsub.instances ON DELETE CASCADE
);
CREATE TABLE lexsub.answers (
    campaign text NOT NULL,
    annotator text NOT NULL,
    lexelt text NOT NULL,
    id text NOT NULL,
    {_ANSWER_FIELDS},
    PRIMARY KEY (campaign, annotator, lexelt, id),
    FOREIGN KEY (campaign, annotator) REFERENCES lexsub.members ON DELETE CASCADE
);
-- The losing side of two laptops of one annotator answering the same instance: kept for the
-- organiser, once per (device, revision) however often it is sent.
CREATE TABLE lexsub.conflicts (
    conflict_id bigserial PRIMARY KEY,
    campaign text NOT NULL,
    annotator text NOT NULL,
    lexelt text NOT NULL,
    id text NOT NULL,
    {_ANSWER_FIELDS},
    winner_revision integer NOT NULL,
    winner_device text NOT NULL,
    UNIQUE (campaign, annotator, lexelt, id, device, revision),
    FOREIGN KEY (campaign, annotator) REFERENCES lexsub.members ON DELETE CASCADE
);

ALTER TABLE lexsub.members ENABLE ROW LEVEL SECURITY;
ALTER TABLE lexsub.assignments ENABLE ROW LEVEL SECURITY;
ALTER TABLE lexsub.answers ENABLE ROW LEVEL SECURITY;
ALTER TABLE lexsub.conflicts ENABLE ROW LEVEL SECURITY;

CREATE POLICY own_membership ON lexsub.members FOR SELECT TO {ANNOTATOR_GROUP}
    USING (role = current_user);
CREATE POLICY own_assignments ON lexsub.assignments FOR SELECT TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="assignments")});
CREATE POLICY own_answers ON lexsub.answers FOR ALL TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="answers")})
    WITH CHECK ({_IS_ME.format(table="answers")});
CREATE POLICY own_conflicts ON lexsub.conflicts FOR ALL TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="conflicts")})
    WITH CHECK ({_IS_ME.format(table="conflicts")});
CREATE POLICY organiser_members ON lexsub.members FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
CREATE POLICY organiser_assignments ON lexsub.assignments FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
CREATE POLICY organiser_answers ON lexsub.answers FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
CREATE POLICY organiser_conflicts ON lexsub.conflicts FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);

-- One answer in: stored when it is new or newer than the stored one, ignored when it is the
-- same revision again (a retry) or an older one of the same laptop. When two laptops of one
-- annotator meet, the newer (revision, change time, device) wins and the other goes to
-- lexsub.conflicts. SECURITY INVOKER: the caller's row-level security applies throughout.
CREATE FUNCTION lexsub.push_answer(
    p_campaign text, p_annotator text, p_lexelt text, p_id text,
    p_sub1 text, p_sub2 text, p_sub3 text, p_multiword text, p_nil boolean,
    p_proper_name boolean, p_comment text, p_seconds double precision, p_deleted boolean,
    p_revision integer, p_device text, p_changed_at timestamptz
) RETURNS text LANGUAGE plpgsql SECURITY INVOKER AS $fn$
DECLARE
    stored lexsub.answers%ROWTYPE;
BEGIN
    INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1, sub2, sub3, multiword,
                                nil, proper_name, comment, seconds, deleted, revision, device,
                                changed_at)
    VALUES (p_campaign, p_annotator, p_lexelt, p_id, p_sub1, p_sub2, p_sub3, p_multiword,
            p_nil, p_proper_name, p_comment, p_seconds, p_deleted, p_revision, p_device,
            p_changed_at)
    ON CONFLICT (campaign, annotator, lexelt, id) DO NOTHING;
    IF FOUND THEN
        RETURN 'stored';
    END IF;
    SELECT * INTO stored FROM lexsub.answers
     WHERE campaign = p_campaign AND annotator = p_annotator AND lexelt = p_lexelt
       AND id = p_id
       FOR UPDATE;
    IF stored.device = p_device AND stored.revision = p_revision THEN
        RETURN 'already';
    END IF;
    IF (p_revision, p_changed_at, p_device)
       > (stored.revision, stored.changed_at, stored.device) THEN
        IF stored.device <> p_device THEN
            INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3,
                                          multiword, nil, proper_name, comment, seconds,
                                          deleted, revision, device, changed_at, received_at,
                                          winner_revision, winner_device)
            VALUES (stored.campaign, stored.annotator, stored.lexelt, stored.id, stored.sub1,
                    stored.sub2, stored.sub3, stored.multiword, stored.nil,
                    stored.proper_name, stored.comment, stored.seconds, stored.deleted,
                    stored.revision, stored.device, stored.changed_at, stored.received_at,
                    p_revision, p_device)
            ON CONFLICT DO NOTHING;
        END IF;
        UPDATE lexsub.answers
           SET sub1 = p_sub1, sub2 = p_sub2, sub3 = p_sub3, multiword = p_multiword,
               nil = p_nil, proper_name = p_proper_name, comment = p_comment,
               seconds = p_seconds, deleted = p_deleted, revision = p_revision,
               device = p_device, changed_at = p_changed_at, received_at = clock_timestamp()
         WHERE campaign = p_campaign AND annotator = p_annotator AND lexelt = p_lexelt
           AND id = p_id;
        RETURN 'stored';
    END IF;
    IF stored.device <> p_device THEN
        INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3,
                                      multiword, nil, proper_name, comment, seconds, deleted,
                                      revision, device, changed_at, winner_revision,
                                      winner_device)
        VALUES (p_campaign, p_annotator, p_lexelt, p_id, p_sub1, p_sub2, p_sub3, p_multiword,
                p_nil, p_proper_name, p_comment, p_seconds, p_deleted, p_revision, p_device,
                p_changed_at, stored.revision, stored.device)
        ON CONFLICT DO NOTHING;
        RETURN 'conflict';
    END IF;
    RETURN 'older';
END
$fn$;

GRANT USAGE ON SCHEMA lexsub TO {ANNOTATOR_GROUP}, {ORGANISER_GROUP};
GRANT SELECT ON lexsub.schema_version, lexsub.campaigns, lexsub.instances, lexsub.members,
    lexsub.assignments TO {ANNOTATOR_GROUP};
GRANT SELECT, INSERT, UPDATE ON lexsub.answers, lexsub.conflicts TO {ANNOTATOR_GROUP};
GRANT USAGE ON SEQUENCE lexsub.conflicts_conflict_id_seq TO {ANNOTATOR_GROUP};
GRANT ALL ON ALL TABLES IN SCHEMA lexsub TO {ORGANISER_GROUP};
GRANT ALL ON ALL SEQUENCES IN SCHEMA lexsub TO {ORGANISER_GROUP};
REVOKE ALL ON FUNCTION lexsub.push_answer FROM PUBLIC;
GRANT EXECUTE ON FUNCTION lexsub.push_answer TO {ANNOTATOR_GROUP}, {ORGANISER_GROUP};
"""

# Version 2: what running a whole campaign needs. One part per concern, run in this order.
#: Finished work kept when the assignment changes; handing one annotator's work over.
#: ``assigned_at``: when an annotator was given the instance (rows that stay when the
#: assignment changes keep theirs); the status's "stuck" flag counts from it for someone who
#: has not answered since. Rows of version 1 get the time of the migration.
#: ``members.listed``: named by the last ``assign`` (people dropped from the list keep their
#: finished work but are dealt nothing new; a handover's default takers are the listed).
_VERSION_2_ASSIGNMENT = """
ALTER TABLE lexsub.assignments
    ADD COLUMN assigned_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE lexsub.members
    ADD COLUMN listed boolean NOT NULL DEFAULT true;
"""
#: Revoking an annotator and reissuing an invitation. A revoked member's open connection can
#: push nothing more (the write policies ask for ``revoked_at IS NULL``); their answers stay,
#: left out of agreement and export while ``answers_excluded``. ``member_secrets`` keeps each
#: annotator role's SCRAM verifier (never a password) for the organiser alone, so that a
#: backup can make the roles again on another server.
_VERSION_2_MEMBERS = f"""
ALTER TABLE lexsub.members ADD COLUMN revoked_at timestamptz,
    ADD COLUMN answers_excluded boolean NOT NULL DEFAULT false;
CREATE TABLE lexsub.member_secrets (
    campaign text NOT NULL,
    annotator text NOT NULL,
    verifier text NOT NULL CHECK (verifier LIKE 'SCRAM-SHA-256$%'),
    set_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign, annotator),
    FOREIGN KEY (campaign, annotator) REFERENCES lexsub.members ON DELETE CASCADE
);
ALTER TABLE lexsub.member_secrets ENABLE ROW LEVEL SECURITY;
CREATE POLICY organiser_member_secrets ON lexsub.member_secrets FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
GRANT ALL ON lexsub.member_secrets TO {ORGANISER_GROUP};

DROP POLICY own_answers ON lexsub.answers;
DROP POLICY own_conflicts ON lexsub.conflicts;
CREATE POLICY own_answers_read ON lexsub.answers FOR SELECT TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="answers")});
CREATE POLICY own_answers_insert ON lexsub.answers FOR INSERT TO {ANNOTATOR_GROUP}
    WITH CHECK ({_IS_ACTIVE_ME.format(table="answers")});
CREATE POLICY own_answers_update ON lexsub.answers FOR UPDATE TO {ANNOTATOR_GROUP}
    USING ({_IS_ACTIVE_ME.format(table="answers")})
    WITH CHECK ({_IS_ACTIVE_ME.format(table="answers")});
CREATE POLICY own_conflicts_read ON lexsub.conflicts FOR SELECT TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="conflicts")});
CREATE POLICY own_conflicts_insert ON lexsub.conflicts FOR INSERT TO {ANNOTATOR_GROUP}
    WITH CHECK ({_IS_ACTIVE_ME.format(table="conflicts")});
CREATE POLICY own_conflicts_update ON lexsub.conflicts FOR UPDATE TO {ANNOTATOR_GROUP}
    USING ({_IS_ACTIVE_ME.format(table="conflicts")})
    WITH CHECK ({_IS_ACTIVE_ME.format(table="conflicts")});
"""
#: Sync pulls only what changed since its last round, and a restored store starts a new device
#: epoch (core/annotation/campaign/device.py).
_VERSION_2_SYNC = f"""
-- The version of each annotator's assignment: raised by every statement that inserts, deletes
-- or moves assignments of that annotator, read by the annotator's sync at every round (one
-- row, through row-level security on members) so the assignment itself is pulled only when it
-- changed. A microsecond clock reading when that is higher than the next number: a database
-- restored from an older dump never hands out a version a laptop saw before the restore.
ALTER TABLE lexsub.members ADD COLUMN assignment_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION lexsub.raise_assignment_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        UPDATE lexsub.members AS m
           SET assignment_version = greatest(m.assignment_version + 1,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint);
        RETURN NULL;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE lexsub.members AS m
           SET assignment_version = greatest(m.assignment_version + 1,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
          FROM (SELECT DISTINCT campaign, annotator FROM new_rows) AS changed
         WHERE m.campaign = changed.campaign AND m.annotator = changed.annotator;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE lexsub.members AS m
           SET assignment_version = greatest(m.assignment_version + 1,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
          FROM (SELECT DISTINCT campaign, annotator FROM old_rows) AS changed
         WHERE m.campaign = changed.campaign AND m.annotator = changed.annotator;
    END IF;
    RETURN NULL;
END
$fn$;
CREATE TRIGGER assignments_inserted AFTER INSERT ON lexsub.assignments
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lexsub.raise_assignment_version();
CREATE TRIGGER assignments_deleted AFTER DELETE ON lexsub.assignments
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lexsub.raise_assignment_version();
CREATE TRIGGER assignments_moved AFTER UPDATE ON lexsub.assignments
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lexsub.raise_assignment_version();
CREATE TRIGGER assignments_truncated AFTER TRUNCATE ON lexsub.assignments
    FOR EACH STATEMENT EXECUTE FUNCTION lexsub.raise_assignment_version();

-- Each store's device (epoch) as the server knows it: how many batches it has sent (a store
-- holding fewer was restored or copied back: it starts a new epoch), and the devices it
-- succeeds (the same store before a restore or salvage) with the moment it took over. An answer
-- of an earlier epoch received before that moment is the store's own past, not another
-- laptop's: replacing it keeps no conflict row.
CREATE TABLE lexsub.devices (
    campaign text NOT NULL,
    annotator text NOT NULL,
    device text NOT NULL,
    batches bigint NOT NULL DEFAULT 0,
    ancestors text[] NOT NULL DEFAULT '{{}}',
    since timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (campaign, annotator, device),
    FOREIGN KEY (campaign, annotator) REFERENCES lexsub.members ON DELETE CASCADE
);
ALTER TABLE lexsub.devices ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_devices ON lexsub.devices FOR ALL TO {ANNOTATOR_GROUP}
    USING ({_IS_ME.format(table="devices")})
    WITH CHECK ({_IS_ME.format(table="devices")});
CREATE POLICY organiser_devices ON lexsub.devices FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE ON lexsub.devices TO {ANNOTATOR_GROUP};
GRANT ALL ON lexsub.devices TO {ORGANISER_GROUP};

-- push_answer as in version 1, except that an answer replacing one of its own store's earlier
-- epochs (received before the epoch began) keeps no conflict row (the new epoch's start
-- recorded every real difference already), and that the same revision of the same device
-- with other content is kept as a conflict instead of being taken for a retry. (Its grants
-- stay.)
CREATE OR REPLACE FUNCTION lexsub.push_answer(
    p_campaign text, p_annotator text, p_lexelt text, p_id text,
    p_sub1 text, p_sub2 text, p_sub3 text, p_multiword text, p_nil boolean,
    p_proper_name boolean, p_comment text, p_seconds double precision, p_deleted boolean,
    p_revision integer, p_device text, p_changed_at timestamptz
) RETURNS text LANGUAGE plpgsql SECURITY INVOKER AS $fn$
DECLARE
    stored lexsub.answers%ROWTYPE;
    own_past boolean := false;
BEGIN
    INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1, sub2, sub3, multiword,
                                nil, proper_name, comment, seconds, deleted, revision, device,
                                changed_at)
    VALUES (p_campaign, p_annotator, p_lexelt, p_id, p_sub1, p_sub2, p_sub3, p_multiword,
            p_nil, p_proper_name, p_comment, p_seconds, p_deleted, p_revision, p_device,
            p_changed_at)
    ON CONFLICT (campaign, annotator, lexelt, id) DO NOTHING;
    IF FOUND THEN
        RETURN 'stored';
    END IF;
    SELECT * INTO stored FROM lexsub.answers
     WHERE campaign = p_campaign AND annotator = p_annotator AND lexelt = p_lexelt
       AND id = p_id
       FOR UPDATE;
    IF stored.device = p_device AND stored.revision = p_revision THEN
        IF (stored.sub1, stored.sub2, stored.sub3, stored.multiword, stored.nil,
            stored.proper_name, stored.comment, stored.seconds, stored.deleted)
           IS DISTINCT FROM (p_sub1, p_sub2, p_sub3, p_multiword, p_nil, p_proper_name,
                             p_comment, p_seconds, p_deleted) THEN
            -- One revision of one device with two contents: two copies of one store (a copy
            -- in use elsewhere, or one put back in time). Never a retry: kept, not dropped.
            INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3,
                                          multiword, nil, proper_name, comment, seconds,
                                          deleted, revision, device, changed_at,
                                          winner_revision, winner_device)
            VALUES (p_campaign, p_annotator, p_lexelt, p_id, p_sub1, p_sub2, p_sub3,
                    p_multiword, p_nil, p_proper_name, p_comment, p_seconds, p_deleted,
                    p_revision, p_device || ' (copy)', p_changed_at, stored.revision,
                    stored.device)
            ON CONFLICT DO NOTHING;
            RETURN 'conflict';
        END IF;
        RETURN 'already';
    END IF;
    IF (p_revision, p_changed_at, p_device)
       > (stored.revision, stored.changed_at, stored.device) THEN
        IF stored.device <> p_device THEN
            SELECT EXISTS (SELECT 1 FROM lexsub.devices AS d
                            WHERE d.campaign = p_campaign AND d.annotator = p_annotator
                              AND d.device = p_device AND stored.device = ANY (d.ancestors)
                              AND stored.received_at < d.since)
              INTO own_past;
        END IF;
        IF stored.device <> p_device AND NOT own_past THEN
            INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3,
                                          multiword, nil, proper_name, comment, seconds,
                                          deleted, revision, device, changed_at, received_at,
                                          winner_revision, winner_device)
            VALUES (stored.campaign, stored.annotator, stored.lexelt, stored.id, stored.sub1,
                    stored.sub2, stored.sub3, stored.multiword, stored.nil,
                    stored.proper_name, stored.comment, stored.seconds, stored.deleted,
                    stored.revision, stored.device, stored.changed_at, stored.received_at,
                    p_revision, p_device)
            ON CONFLICT DO NOTHING;
        END IF;
        UPDATE lexsub.answers
           SET sub1 = p_sub1, sub2 = p_sub2, sub3 = p_sub3, multiword = p_multiword,
               nil = p_nil, proper_name = p_proper_name, comment = p_comment,
               seconds = p_seconds, deleted = p_deleted, revision = p_revision,
               device = p_device, changed_at = p_changed_at, received_at = clock_timestamp()
         WHERE campaign = p_campaign AND annotator = p_annotator AND lexelt = p_lexelt
           AND id = p_id;
        RETURN 'stored';
    END IF;
    IF stored.device <> p_device THEN
        INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3,
                                      multiword, nil, proper_name, comment, seconds, deleted,
                                      revision, device, changed_at, winner_revision,
                                      winner_device)
        VALUES (p_campaign, p_annotator, p_lexelt, p_id, p_sub1, p_sub2, p_sub3, p_multiword,
                p_nil, p_proper_name, p_comment, p_seconds, p_deleted, p_revision, p_device,
                p_changed_at, stored.revision, stored.device)
        ON CONFLICT DO NOTHING;
        RETURN 'conflict';
    END IF;
    RETURN 'older';
END
$fn$;
"""
#: Least privilege: annotators see only their own campaigns (and, through members, only
#: themselves); no role-making rights for the day-to-day organiser (the roles are made through
#: the functions of the one-time server setup, campaign/server_setup.py).
_VERSION_2_SECURITY = f"""
ALTER TABLE lexsub.campaigns ENABLE ROW LEVEL SECURITY;
ALTER TABLE lexsub.instances ENABLE ROW LEVEL SECURITY;
CREATE POLICY member_campaigns ON lexsub.campaigns FOR SELECT TO {ANNOTATOR_GROUP}
    USING (name IN ({_MY_CAMPAIGNS}));
CREATE POLICY member_instances ON lexsub.instances FOR SELECT TO {ANNOTATOR_GROUP}
    USING (campaign IN ({_MY_CAMPAIGNS}));
CREATE POLICY organiser_campaigns ON lexsub.campaigns FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
CREATE POLICY organiser_instances ON lexsub.instances FOR ALL TO {ORGANISER_GROUP}
    USING (true) WITH CHECK (true);
"""
_VERSION_2 = "\n".join(part for part in (_VERSION_2_ASSIGNMENT, _VERSION_2_MEMBERS,
                                         _VERSION_2_SYNC, _VERSION_2_SECURITY)
                       if part.strip()) or "SELECT 1;"

#: version -> the SQL that brings the campaign database from version - 1 to version.
#: Append, never edit (version 2 is still open: its parts above change until it is released).
MIGRATIONS: dict[int, str] = {1: _VERSION_1, 2: _VERSION_2}
SCHEMA_VERSION = max(MIGRATIONS)

GROUP_ROLES_SQL = _GROUP_ROLES
