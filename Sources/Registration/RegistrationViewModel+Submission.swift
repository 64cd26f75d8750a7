// Submitting: creating the account, waiting for checks, and the per-address limit.

extension RegistrationViewModel {
  /// What submitting leads to.
  public enum Submission: Hashable, Sendable {
    /// Every requirement is met: the account is being created (`onCreated` follows).
    case started
    /// Something is unmet: the form should go to this field.
    case rejected(firstUnmet: RegistrationField)
    /// Everything else is met and the login or the password is being checked: the account
    /// is created when the last answer says yes (otherwise `onSubmissionRejected` follows).
    case waiting
    /// An account is already being created.
    case busy
  }

  /// Tries to submit: creates the account when every requirement is met; otherwise errors
  /// show from now on.
  @discardableResult
  public func submit() -> Submission {
    if isCreating { return .busy }
    guard canSubmit else {
      if lookUpFailed, let availability {
        availability.update(.checking)
        lookUpLogin()
      }
      if isReadyToSubmit {
        if !isWaitingToSubmit { isWaitingToSubmit = true }
        // No need to wait out the typing pauses: the person has finished typing.
        if let timer = availabilityTimer {
          timer.cancel()
          availabilityTimer = nil
          lookUpLogin()
        }
        passwordRows.askNow()
        return .waiting
      }
      if !hasAttemptedSubmit { hasAttemptedSubmit = true }
      // A row still being checked is not what sends the person back.
      let unmet = RegistrationField.allCases.first { field in
        requirements(for: field).contains { $0.state == .unmet }
      }
      return .rejected(firstUnmet: unmet ?? firstFieldWithUnmetRequirement ?? .login)
    }
    if isWaitingToSubmit { isWaitingToSubmit = false }
    setCreating(true)
    message = nil
    let (store, policy, login, password, origin) = (store, policy, login, password, origin)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        // A user or group may have been made with this name since the lookup.
        if policy.reservation(of: login) != nil { throw .loginTaken }
        guard let origin else { return try store.createAccount(login: login, password: password) }
        return try store.createAccount(login: login, password: password, origin: origin)
      }
    }) {
      [weak self] result in
      guard let self else { return }
      setCreating(false)
      switch result {
      case .success(let account):
        onCreated(account)
      case .failure(.loginTaken):
        // Another sign-up won the race: the form stays, with everything typed.
        if self.login == login {
          lookedUp = login
          lookedUpAnswer = .store(.taken)
          show(.store(.taken))
          revalidate()
        }
        message = strings.loginTakenMeanwhile
      case .failure(.addressLimitReached(let limit)):
        addressLimitNotice = strings.addressLimitReached(limit)
      case .failure(.handOffFailed):
        handOffFailed = true
        message = strings.handOffFailed
        onHandOffFailed()
      case .failure(let error):
        message = strings.cannotSave(error.description(in: strings))
      }
    }
    return .started
  }

  /// A check a submission waited for has answered: once none is left, submit now, or say
  /// where to go.
  func finishWaitingSubmission() {
    guard isWaitingToSubmit, !requirements.contains(where: { $0.state == .checking }) else {
      return
    }
    isWaitingToSubmit = false
    if case .rejected(let field) = submit() { onSubmissionRejected(field) }
  }

  /// Says at once when the client's address may make no more accounts today; the store's
  /// insert decides in the end (sessions at once), so a failed count says nothing.
  func checkAddressLimit() {
    guard let origin, let limit = origin.limit else { return }
    let store = store
    scheduler.perform({ try? store.accountsCreated(from: origin.address) }) { [weak self] count in
      guard let self, let count else { return }
      let notice = count >= limit ? strings.addressLimitReached(limit) : nil
      if addressLimitNotice != notice { addressLimitNotice = notice }
    }
  }

  private func setCreating(_ creating: Bool) {
    isCreating = creating
    revalidate()
  }
}
