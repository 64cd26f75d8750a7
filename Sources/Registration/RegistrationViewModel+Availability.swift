// "Login is free": the debounced store lookups and what their answers show.

extension RegistrationViewModel {
  /// What a lookup found: the store's answer, or a reservation the policy knows of.
  enum Availability: Sendable {
    case store(LoginAvailability)
    case reserved(LoginReservation)

    var isFree: Bool {
      if case .store(.free) = self { true } else { false }
    }
  }

  /// Shows what is known of the current login's availability, and looks it up after a
  /// pause if it is not known yet. A login that breaks another of the login's rules could
  /// not be registered anyway: the store is not asked about it.
  func updateAvailability() {
    guard let availability else { return }
    lookUpFailed = false
    availabilityTimer?.cancel()
    availabilityTimer = nil
    // The rules decided at once have just been checked (`inputDidChange` runs first).
    let otherRulesMet = requirements(for: .login).allSatisfy { status in
      if case .loginIsFree = status.requirement.check { return true }
      return status.isMet
    }
    if login.isEmpty || !otherRulesMet {
      show(nil)
    } else if login == lookedUp, let answer = lookedUpAnswer {
      show(answer)
    } else {
      if canSignInInstead { canSignInInstead = false }
      availability.update(.checking)
      availabilityTimer = scheduler.schedule(after: Self.availabilityDelay) { [weak self] in
        self?.availabilityTimer = nil
        self?.lookUpLogin()
      }
    }
  }

  /// Asks the store about the login in the field, unless that very login was the last
  /// one asked about (its answer is on the way or already shown).
  func lookUpLogin() {
    let login = login
    guard login != lookedUp else { return }
    lookedUp = login
    lookedUpAnswer = nil
    lookUpFailed = false
    let (store, policy) = (store, policy)
    scheduler.perform({
      Result { () throws(AccountStoreError) -> Availability in
        if let reservation = policy.reservation(of: login) { return .reserved(reservation) }
        return .store(try store.availability(of: login))
      }
    }) { [weak self] result in
      // A newer lookup has started since: this answer is stale.
      guard let self, self.lookedUp == login else { return }
      switch result {
      case .success(let answer):
        lookedUpAnswer = answer
      case .failure(let error):
        // Not an answer: forget it, so the next change of the login, or Sign up, asks
        // again. A submission that waited for it waits no more: the person presses again.
        lookedUp = nil
        lookUpFailed = true
        if isWaitingToSubmit { isWaitingToSubmit = false }
        message = strings.cannotCheck(error.description(in: strings))
      }
      // Only the answer for the text now in the field may show.
      if self.login == login { show(lookedUpAnswer) }
      revalidate()
      finishWaitingSubmission()
    }
  }

  /// "Login is free", met or not, and why not in words: taken (with a way to sign in),
  /// a lookalike, reserved. Nil: nothing to ask about, or no answer.
  func show(_ answer: Availability?) {
    let note: String? =
      switch answer {
      case nil, .store(.free): nil
      case .store(.taken): strings.loginTaken
      case .store(.lookalike): strings.loginLooksTaken
      case .reserved(.reserved): strings.loginReserved
      case .reserved(.systemName): strings.loginSystemName
      }
    availability?.update(answer?.isFree == true ? .met : .unmet, note: note)
    let taken = if case .store(.taken) = answer { true } else { false }
    if canSignInInstead != taken { canSignInInstead = taken }
  }
}
