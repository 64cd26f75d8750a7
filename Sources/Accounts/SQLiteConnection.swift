/// One open SQLite database and the statements it has prepared, each prepared once, the
/// first time its SQL is run. Unchecked: only ever touched inside the table's lock, one
/// thread at a time.
final class SQLiteConnection: @unchecked Sendable {
  let database: Database
  private var prepared: [String: Statement] = [:]

  init(_ database: Database) {
    self.database = database
  }

  /// `sql`, prepared the first time it is asked for.
  func statement(_ sql: String) throws(DatabaseError) -> Statement {
    if let statement = prepared[sql] { return statement }
    let statement = try database.prepare(sql)
    prepared[sql] = statement
    return statement
  }

  /// Runs `sql` with `values` bound to ?1, ?2, …: how many rows it changed.
  func run(_ sql: String, _ values: any SQLValue...) throws(DatabaseError) -> Int {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.finish() }
    while try statement.step() {}
    return database.changes
  }

  /// Whether `sql` with `values` finds a row.
  func exists(_ sql: String, _ values: any SQLValue...) throws(DatabaseError) -> Bool {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.finish() }
    return try statement.step()
  }

  /// The first column of the first row `sql` gives as an integer (0 without a row).
  func integer(_ sql: String, _ values: any SQLValue...) throws(DatabaseError) -> Int {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.finish() }
    return try statement.step() ? statement.integer(0) : 0
  }

  /// Every row `sql` gives, each made into a value by `row`.
  func rows<Row>(
    _ sql: String, _ values: any SQLValue..., row: (Statement) -> Row
  ) throws(DatabaseError) -> [Row] {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.finish() }
    var rows: [Row] = []
    while try statement.step() { rows.append(row(statement)) }
    return rows
  }
}
