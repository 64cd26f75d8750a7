import Registration

// Listings as a page of `records` (or `auditEntries`) after another: what SQLite does. Its
// pages are index searches of the file, as cheap as one long statement, and between them
// no read is held open (a read held for a whole listing would keep the write-ahead log
// from being checkpointed meanwhile).

extension AccountTable {
  func forEachRecord(
    state: AccountState?, since: String?, _ row: (AccountRecord) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    var after = 0
    while true {
      let page = try records(state: state, since: since, afterID: after, limit: listingPageSize)
      for record in page { try row(record) }
      guard let last = page.last, page.count == listingPageSize else { return }
      after = last.id
    }
  }

  func forEachAuditEntry(
    since: String?, login: String?, _ row: (AuditEntry) throws(AccountStoreError) -> Void
  ) throws(AccountStoreError) {
    var after = 0
    while true {
      let page = try auditEntries(
        since: since, login: login, afterID: after, limit: listingPageSize)
      for entry in page { try row(entry) }
      guard let last = page.last, page.count == listingPageSize else { return }
      after = last.id
    }
  }
}

/// How many rows a page of a listing holds.
private let listingPageSize = 500
