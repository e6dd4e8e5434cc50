PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT,
    state TEXT NOT NULL DEFAULT 'active',
    company TEXT, abuse_name TEXT, abuse_email TEXT, phone TEXT, address TEXT,
    city TEXT, zip TEXT, country TEXT, url TEXT,
    creation_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fields (
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    merge_id INTEGER NOT NULL,
    definition TEXT NOT NULL,
    PRIMARY KEY (list_id, merge_id)
);
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    email TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL DEFAULT 'active',
    merge_1 TEXT, merge_2 TEXT, merge_3 TEXT, merge_4 TEXT, merge_5 TEXT,
    merge_6 TEXT, merge_7 TEXT, merge_8 TEXT, merge_9 TEXT, merge_10 TEXT,
    gender TEXT NOT NULL DEFAULT 'n',
    source TEXT NOT NULL DEFAULT 'api',
    device TEXT,
    rating INTEGER NOT NULL DEFAULT 0,
    region INTEGER,
    optin_time TEXT NOT NULL,
    unsub_time TEXT,
    lastedit_time TEXT NOT NULL,
    UNIQUE (list_id, email)
);
CREATE INDEX IF NOT EXISTS members_by_list_state ON members (list_id, state, id);
CREATE INDEX IF NOT EXISTS members_by_list ON members (list_id, id);
-- Bumped whenever a list's members change places (a delete, a move, a new
-- state); appends keep every earlier place, so inserts leave it alone.
CREATE TABLE IF NOT EXISTS list_versions (list_id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
CREATE TRIGGER IF NOT EXISTS members_deleted AFTER DELETE ON members BEGIN
    INSERT INTO list_versions (list_id, version) VALUES (OLD.list_id, 1)
        ON CONFLICT(list_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS members_reordered AFTER UPDATE OF list_id, state ON members BEGIN
    INSERT INTO list_versions (list_id, version) VALUES (OLD.list_id, 1)
        ON CONFLICT(list_id) DO UPDATE SET version = version + 1;
    INSERT INTO list_versions (list_id, version) VALUES (NEW.list_id, 1)
        ON CONFLICT(list_id) DO UPDATE SET version = version + 1;
END;
CREATE INDEX IF NOT EXISTS members_by_email ON members (email);
CREATE TABLE IF NOT EXISTS imports (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    file TEXT NOT NULL,
    type TEXT NOT NULL,
    total INTEGER NOT NULL DEFAULT 0,
    added INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    invalid INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS folders (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS campaigns (
    id INTEGER PRIMARY KEY,
    status TEXT NOT NULL,
    list_ids TEXT NOT NULL,
    folder_id INTEGER NOT NULL DEFAULT 0,
    fields TEXT NOT NULL,
    delivery_time TEXT,
    moderation_at TEXT,
    resend_of INTEGER,
    emails_sent INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS campaigns_by_status ON campaigns (status);
CREATE TABLE IF NOT EXISTS html_templates (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    html TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS automation_queue (
    automation_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    email TEXT NOT NULL,
    due TEXT NOT NULL,
    sent_time TEXT,
    PRIMARY KEY (automation_id, member_id)
);
CREATE INDEX IF NOT EXISTS automation_queue_due ON automation_queue (sent_time, due);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    list_id INTEGER NOT NULL,
    email TEXT NOT NULL,
    domain TEXT NOT NULL,
    event_type TEXT NOT NULL,
    event_time TEXT NOT NULL,
    bounce_category TEXT,
    bounce_code INTEGER,
    bounce_reason TEXT,
    url TEXT,
    ip TEXT,
    region TEXT,
    os TEXT,
    browser TEXT,
    webservice TEXT,
    device TEXT,
    user_agent TEXT,
    language TEXT,
    dark_mode INTEGER,
    transaction_id INTEGER,
    applied INTEGER NOT NULL DEFAULT 0,
    hooked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS events_to_hook ON events (hooked, event_time);
CREATE INDEX IF NOT EXISTS events_by_transaction ON events (transaction_id, event_time);
CREATE INDEX IF NOT EXISTS events_by_campaign ON events (campaign_id, event_time, id);
CREATE INDEX IF NOT EXISTS events_by_type ON events (campaign_id, event_type, event_time);
CREATE INDEX IF NOT EXISTS events_by_email ON events (campaign_id, email, event_time);
CREATE INDEX IF NOT EXISTS events_by_address ON events (email, event_time);
CREATE INDEX IF NOT EXISTS events_per_member ON events (campaign_id, event_type, member_id, event_time);
CREATE INDEX IF NOT EXISTS events_newest ON events (campaign_id, id);
-- Only the events that change a subscriber wait to be applied; the rest (sends,
-- opens, clicks: millions in a big campaign) stay out of the index, so a tick
-- finds the due ones without walking them.
DROP INDEX IF EXISTS events_to_apply;
CREATE INDEX IF NOT EXISTS events_due ON events (event_time)
    WHERE applied = 0 AND event_type IN ('BOUNCED', 'UNSUBSCRIBED', 'COMPLAINED');
-- The statistics store: a campaign's events folded into counts as their
-- time comes (see ops/statistics.rs).
CREATE TABLE IF NOT EXISTS stats_folded (
    campaign_id INTEGER PRIMARY KEY,
    through_time TEXT NOT NULL,
    through_id INTEGER NOT NULL,
    newest_id INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS stats_members (
    campaign_id INTEGER NOT NULL,
    event_type TEXT NOT NULL,
    member_id INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, event_type, member_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stats_counts (
    campaign_id INTEGER NOT NULL,
    dimension TEXT NOT NULL,
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    note TEXT,
    PRIMARY KEY (campaign_id, dimension, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS senders (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    code TEXT NOT NULL,
    confirmed INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS domains (
    domain TEXT PRIMARY KEY COLLATE NOCASE,
    valid INTEGER NOT NULL DEFAULT 0,
    dkim_key TEXT NOT NULL,
    created TEXT NOT NULL,
    checked TEXT
);
CREATE TABLE IF NOT EXISTS webhooks (
    kind TEXT NOT NULL,
    event TEXT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (kind, event)
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS transactional (
    id INTEGER PRIMARY KEY,
    message_id TEXT NOT NULL,
    to_email TEXT NOT NULL,
    from_email TEXT NOT NULL,
    from_name TEXT,
    subject TEXT,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS transactional_files (
    transaction_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    PRIMARY KEY (transaction_id, position)
);
CREATE TABLE IF NOT EXISTS dialogs (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL,
    list_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    subscriber_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    created_at TEXT NOT NULL,
    last_message_at TEXT
);
CREATE TABLE IF NOT EXISTS dialog_messages (
    id INTEGER PRIMARY KEY,
    dialog_id INTEGER NOT NULL REFERENCES dialogs(id) ON DELETE CASCADE,
    direction TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'message',
    author_user_id INTEGER,
    from_email TEXT NOT NULL,
    from_name TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL,
    body_text_clean TEXT NOT NULL,
    body_html_clean TEXT NOT NULL,
    is_read INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS dialog_messages_by_dialog ON dialog_messages (dialog_id, created_at, id);
CREATE TABLE IF NOT EXISTS dialog_attachments (
    id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES dialog_messages(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS download_links (
    token TEXT PRIMARY KEY,
    attachment_id INTEGER NOT NULL,
    expires TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS router_domains (
    id INTEGER PRIMARY KEY,
    domain TEXT NOT NULL UNIQUE COLLATE NOCASE,
    service INTEGER NOT NULL DEFAULT 0,
    verified INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS routes (
    id INTEGER PRIMARY KEY,
    priority INTEGER NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    filter TEXT,
    expression TEXT,
    actions TEXT NOT NULL,
    signing_key TEXT NOT NULL,
    is_active INTEGER NOT NULL DEFAULT 1,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS router_messages (
    id INTEGER PRIMARY KEY,
    route_id INTEGER,
    recipient TEXT NOT NULL,
    sender TEXT NOT NULL,
    from_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    headers TEXT NOT NULL,
    received TEXT NOT NULL,
    expires TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS router_attachments (
    id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES router_messages(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY,
    route_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    response_code INTEGER,
    error TEXT,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_posts (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL,
    url TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    response_code INTEGER,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS workflows (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    automation_ids TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attachments (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    size INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sends (
    campaign_id INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    list_id INTEGER NOT NULL,
    email TEXT NOT NULL,
    sent_time TEXT,
    PRIMARY KEY (campaign_id, member_id)
);
CREATE INDEX IF NOT EXISTS sends_pending ON sends (campaign_id, sent_time);
CREATE TABLE IF NOT EXISTS launch_requests (
    campaign_id INTEGER PRIMARY KEY,
    count INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS unsubscribed (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    unsub_time TEXT NOT NULL
);
-- Saved segments (`/segments`, as the public clients call them): a name and
-- the conditions of one list, kept as the `esegment` object keyed by its id.
CREATE TABLE IF NOT EXISTS segments (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    esegment TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS segments_by_list ON segments (list_id, id);
