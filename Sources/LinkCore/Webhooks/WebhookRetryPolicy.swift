import Foundation

/// When a failed attempt is tried again, and how an answer is read: Standard Webhooks' status
/// handling (2xx delivered; 410 disables the endpoint; 429, 502 and 504 slow the endpoint down;
/// anything else, redirects included, is retried) and its schedule with jitter.
package struct WebhookRetryPolicy: Sendable {
    package let schedule: [Duration]

    /// Longest wait a `Retry-After` is followed for.
    package static let maximumRetryAfter: TimeInterval = 86_400

    /// What attempt number `attempt` (from 1) answered with `status` (`nil`: no answer) leads to.
    package func outcome(status: Int?, attempt: Int) -> WebhookAttempt.Outcome {
        if let status, (200..<300).contains(status) { return .delivered }
        if status == 410 { return .disabled }
        return attempt > schedule.count ? .failed : .retrying
    }

    /// Seconds to wait after attempt `attempt` failed: the schedule's entry, a fifth either way at
    /// random, or longer when the receiver said so (`retryAfter`, at most a day).
    package func delay(after attempt: Int, retryAfter: TimeInterval?) -> TimeInterval {
        let planned = schedule[min(max(attempt - 1, 0), max(schedule.count - 1, 0))].timeInterval
        let jittered = planned * Double.random(in: 0.8...1.2)
        return max(jittered, min(retryAfter ?? 0, Self.maximumRetryAfter))
    }

    /// Whether `status` asks the sender to slow down for the whole endpoint.
    package static func slowsDown(_ status: Int?) -> Bool {
        status == 429 || status == 502 || status == 504
    }

    /// A `Retry-After` value (seconds, or an HTTP date) as seconds from `now`.
    package static func retryAfter(_ text: String?, now: Date) -> TimeInterval? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// A value with every stored property given.
    package init(schedule: [Duration]) {
        self.schedule = schedule
    }
}
