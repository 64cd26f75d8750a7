import Registration
import TestSupport
import Testing

@testable import Accounts

/// A sign-up's answers reach PostgreSQL in one statement: one round trip for the whole
/// form, however many questions the site asks.
@Suite("PostgreSQL answers insert")
struct PostgresAnswersInsertTests {
  let server: PostgresServer
  let uri: PostgresURI

  init() throws {
    server = try PostgresServer.shared()
    uri = try #require(PostgresURI(try server.makeDatabase()))
  }

  @Test("five answers, one INSERT statement, every answer stored in order")
  func oneStatement() throws {
    let store = try PostgresAccountStore(uri: uri, identity: FakeLoginPolicy())
    // A statement-level trigger counts the INSERT statements on answers, not their rows.
    try server.psql(
      uri.text,
      """
      CREATE TABLE answer_statements (at timestamptz DEFAULT now());
      CREATE FUNCTION count_answer_statement() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN INSERT INTO answer_statements DEFAULT VALUES; RETURN NULL; END $$;
      CREATE TRIGGER answer_statement AFTER INSERT ON answers
        FOR EACH STATEMENT EXECUTE FUNCTION count_answer_statement();
      """)
    let answers = [
      QuestionAnswer(name: "fullname", value: .text("Alice A")),
      QuestionAnswer(name: "email", value: .text("alice@example.org")),
      QuestionAnswer(name: "about", value: .text("To learn.\nAnd to share, 'quoted' $1.")),
      QuestionAnswer(name: "team", value: .text("")),
      QuestionAnswer(name: "rules", value: .checked(true)),
    ]
    _ = try store.createAccount(
      SignUp(login: "alice", password: "Zq7vLm2pR", details: SignUpDetails(answers: answers)))
    #expect(try server.psql(uri.text, "SELECT count(*) FROM answer_statements") == "1")
    #expect(try store.answers(of: "alice") == answers)
    #expect(
      try server.psql(
        uri.text, "SELECT string_agg(position::text, ',' ORDER BY position) FROM answers")
        == "0,1,2,3,4")
  }
}
