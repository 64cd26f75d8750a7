import Registration

extension SQLiteAccountTable {
  /// The answers of the account with identity key `key` (the oldest sharing it), in the
  /// site file's order; none without an account or answers.
  func answers(key: String) throws(AccountStoreError) -> [QuestionAnswer] {
    try withConnection { db throws(DatabaseError) in
      try db.rows(
        """
        SELECT name, text, checked FROM answers
        WHERE account_id = (SELECT id FROM accounts WHERE login_key = ?1 ORDER BY id LIMIT 1)
        ORDER BY position
        """, key
      ) { row in
        let checked = row.optionalText(2)
        return QuestionAnswer(
          name: row.text(0),
          value: checked.map { .checked($0 == "1") } ?? .text(row.optionalText(1) ?? ""))
      }
    } ?? []
  }

  /// Runs `insert` (the account's one statement) and stores what the sign-up brings with
  /// it in the same IMMEDIATE transaction: an account is never there without its answers,
  /// nor answers without their account. Without answers, `insert` alone.
  static func insertingDetails(
    of new: NewAccount, _ db: SQLiteConnection,
    _ insert: () throws(DatabaseError) -> InsertOutcome
  ) throws(DatabaseError) -> InsertOutcome {
    let answers = new.details.answers
    guard !answers.isEmpty else { return try insert() }
    try db.database.execute("BEGIN IMMEDIATE")
    do throws(DatabaseError) {
      let outcome = try insert()
      guard outcome == .inserted else {
        try db.database.execute("ROLLBACK")
        return outcome
      }
      let id = try db.integer("SELECT last_insert_rowid()")
      for (position, answer) in answers.enumerated() {
        let (text, checked): (any SQLValue, any SQLValue) =
          switch answer.value {
          case .text(let text): (text, SQLNull())
          case .checked(let checked): (SQLNull(), checked ? 1 : 0)
          }
        _ = try db.run(
          "INSERT INTO answers (account_id, name, position, text, checked) VALUES (?1, ?2, ?3, ?4, ?5)",
          id, answer.name, position, text, checked)
      }
      try db.database.execute("COMMIT")
      return outcome
    } catch {
      try? db.database.execute("ROLLBACK")
      throw error
    }
  }
}
