import Foundation

extension WayfinderClient {
    /// Reports one event (`POST /api/v1/events`): its receipt says whether it was attributed, and
    /// to which click and link.
    ///
    /// Needs a key (the app key can). A field out of range is refused with the field named
    /// (``WayfinderProblem/field``).
    public func send(_ event: AppEvent) async throws(WayfinderClientError) -> EventReceipt {
        let receipts = try await send(body: .EventInput(Components.Schemas.EventInput(event)))
        guard receipts.count == 1, let receipt = receipts.first else { throw .unexpectedAnswer(status: 202) }
        return receipt
    }

    /// Reports up to 1,000 events in one call; the receipts are in the events' order. A field out
    /// of range in any of them refuses the whole batch, naming it (`events[3].currency`).
    public func send(_ events: [AppEvent]) async throws(WayfinderClientError) -> [EventReceipt] {
        let receipts = try await send(
            body: .EventBatch(Components.Schemas.EventBatch(events: events.map(Components.Schemas.EventInput.init))))
        guard receipts.count == events.count else { throw .unexpectedAnswer(status: 202) }
        return receipts
    }

    private func send(
        body: Operations.SendEvents.Input.Body.JsonPayload
    ) async throws(WayfinderClientError) -> [EventReceipt] {
        let output = try await perform { try await client.sendEvents(body: .json(body)) }
        switch output {
        case .accepted(let accepted):
            switch accepted.body {
            case .json(.EventAnswer(let answer)): return [EventReceipt(answer)]
            case .json(.EventAnswers(let answers)): return answers.events.map(EventReceipt.init)
            }
        case .badRequest(let answer): throw .refused(answer)
        case .unauthorized(let answer): throw .refused(answer)
        case .forbidden(let answer): throw .refused(answer)
        case .contentTooLarge(let answer): throw .refused(answer)
        case .tooManyRequests(let answer): throw .refused(answer)
        case .serviceUnavailable(let answer): throw .refused(answer)
        case .undocumented(let status, let payload): throw await .undocumented(status: status, payload)
        }
    }
}

extension Components.Schemas.EventInput {
    init(_ event: AppEvent) {
        self.init(
            name: event.name.rawValue, clickId: event.clickID, claimToken: event.claimToken, link: event.link,
            customerId: event.customerID, value: event.value, currency: event.currency, dedupeKey: event.dedupeKey,
            occurredAt: event.occurredAt)
    }
}

extension EventReceipt {
    init(_ answer: Components.Schemas.EventAnswer) {
        self.init(
            id: answer.id, name: AppEvent.Name(rawValue: answer.name), isAttributed: answer.attributed,
            clickID: answer.clickId, linkID: answer.linkId)
    }
}
