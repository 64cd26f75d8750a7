import Foundation
import Registration
import Testing

@testable import Accounts

@Suite("register admin import is all or nothing, on every engine")
struct ImportRaceTests {
  @Test(
    "a sign-up taking a login after the check: nothing of the file comes in, the clash is listed",
    arguments: AdminEngine.allCases)
  func signUpRacingTheImport(engine: AdminEngine) throws {
    let source = try SourceStore()
    for login in ["ada", "bob", "carol"] {
      _ = try source.service.createAccount(login: login, password: "Zq7vLm2pR")
    }
    let store = try AdminStore(engine, review: false)
    // Planted between the check and the writes, through the store's own sign-up.
    let result = try store.service.importAccounts(fromSQLite: source.path, by: "alice") {
      () throws(AccountStoreError) in
      _ = try store.service.createAccount(login: "Bob", password: "Xq7vLm2pR")
    }
    #expect(result == .refused([ImportClash(login: "bob", availability: .taken)]))
    #expect(try store.service.account("ada") == nil, "nothing of the file is in the store")
    #expect(try store.service.account("carol") == nil)
    #expect(try store.service.account("bob")?.login == "Bob", "the sign-up stands")
    var imported = 0
    try store.service.forEachAuditEntry(since: nil) { if $0.action == .imported { imported += 1 } }
    #expect(imported == 0, "no audit row of an import that did not happen")
  }

  @Test(
    "a name held after the check: nothing of the file comes in", arguments: AdminEngine.allCases)
  func nameHeldAfterTheCheck(engine: AdminEngine) throws {
    let source = try SourceStore()
    for login in ["ada", "bob", "carol"] {
      _ = try source.service.createAccount(login: login, password: "Zq7vLm2pR")
    }
    let store = try AdminStore(engine, review: false)
    // A name held after the check: the second account cannot come in.
    let result = try store.service.importAccounts(fromSQLite: source.path, by: "alice") {
      () throws(AccountStoreError) in
      _ = try store.service.createAccount(login: "BOB", password: "Xq7vLm2pR")
      _ = try store.service.delete("BOB", by: "alice")
    }
    #expect(result == .refused([ImportClash(login: "bob", availability: .taken)]))
    #expect(try store.service.account("ada") == nil)
    #expect(try store.service.account("carol") == nil)
  }
}
