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

  /// Stores a new account's answers (inside the insert's transaction).
  static func insert(_ answers: [QuestionAnswer], accountID id: Int, _ db: SQLiteConnection)
    throws(DatabaseError)
  {
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
  }
}
