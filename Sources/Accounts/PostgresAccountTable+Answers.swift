import Registration

extension PostgresAccountTable {
  /// The answers of the account with identity key `key`, in the site file's order; none
  /// without an account or answers.
  func answers(key: String) throws(AccountStoreError) -> [QuestionAnswer] {
    try run { db, _ throws(PostgresError) in
      try db.query(
        """
        SELECT answers.name, answers.text, answers.checked FROM answers
        JOIN accounts ON accounts.id = answers.account_id
        WHERE accounts.login_key = $1 ORDER BY answers.position
        """, [key]
      ).compactMap { row -> QuestionAnswer? in
        guard let name = row[0] else { return nil }
        return QuestionAnswer(
          name: name, value: row[2].map { .checked($0 == "t") } ?? .text(row[1] ?? ""))
      }
    }
  }

  /// Stores `answers` for the account `id` just inserted, in the insert's transaction: one
  /// statement for all of them (one round trip however many questions the site asks),
  /// every value a parameter of its own.
  static func insertAnswers(_ answers: [QuestionAnswer], of id: String, _ db: PostgresConnection)
    throws(PostgresError)
  {
    guard !answers.isEmpty else { return }
    var parameters = [id]
    var rows: [String] = []
    for (position, answer) in answers.enumerated() {
      let (text, checked): (String, String) =
        switch answer.value {
        case .text(let text): (text, "")
        case .checked(let checked): ("", checked ? "true" : "false")
        }
      let first = parameters.count + 1
      let (name, order, words, box) = (first, first + 1, first + 2, first + 3)
      // An empty "checked" is an answer in words; otherwise a checkbox, whose text is NULL.
      rows.append(
        "($1::bigint, $\(name), $\(order)::integer, CASE WHEN $\(box) = '' THEN $\(words) END, "
          + "NULLIF($\(box), '')::boolean)")
      parameters += [answer.name, String(position), text, checked]
    }
    _ = try db.query(
      "INSERT INTO answers (account_id, name, position, text, checked) VALUES "
        + rows.joined(separator: ", "), parameters)
  }
}
