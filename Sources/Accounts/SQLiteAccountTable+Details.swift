import Registration

extension SQLiteAccountTable {
  /// Runs `insert` (the account's one statement) and stores what the sign-up brings with
  /// it (its keys and answers) in the same IMMEDIATE transaction: an account is never there
  /// without them, nor they without it, and a key any account has already is `.keyTaken`
  /// with nothing made. With nothing to bring, `insert` alone.
  static func insertingDetails(
    of new: NewAccount, _ db: SQLiteConnection,
    _ insert: () throws(DatabaseError) -> InsertOutcome
  ) throws(DatabaseError) -> InsertOutcome {
    let keys = new.details.keys.eachFingerprintOnce
    let answers = new.details.answers
    guard !keys.isEmpty || !answers.isEmpty else { return try insert() }
    try db.database.execute("BEGIN IMMEDIATE")
    do throws(DatabaseError) {
      if try anyTaken(keys, db) {
        try db.database.execute("ROLLBACK")
        return .keyTaken
      }
      let outcome = try insert()
      guard outcome == .inserted else {
        try db.database.execute("ROLLBACK")
        return outcome
      }
      let id = try db.integer("SELECT last_insert_rowid()")
      try Self.insert(keys, accountID: id, addedAt: new.createdAt, db)
      try Self.insert(answers, accountID: id, db)
      try db.database.execute("COMMIT")
      return outcome
    } catch {
      try? db.database.execute("ROLLBACK")
      throw error
    }
  }
}
