import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A documented refusal of the service: a problem document, and when to try again.
protocol ProblemAnswer {
    var problem: WayfinderProblem { get }
    /// `Retry-After`, in seconds, where the answer has one.
    var retryAfter: Int? { get }
}

extension ProblemAnswer {
    var retryAfter: Int? { nil }
}

extension WayfinderClientError {
    /// The service refused the call with `answer`.
    static func refused(_ answer: some ProblemAnswer) -> Self {
        .refused(answer.problem, retryAfter: answer.retryAfter)
    }

    /// An answer the API document does not list for the call (a `405`, a `500`): a refusal when its
    /// body is a problem document, else an unexpected answer.
    static func undocumented(status: Int, _ payload: UndocumentedPayload) async -> Self {
        let mediaType = payload.headerFields[.contentType]?.split(separator: ";").first
        guard mediaType?.trimmingCharacters(in: .whitespaces).lowercased() == "application/problem+json",
            let body = payload.body
        else { return .unexpectedAnswer(status: status) }
        do {
            let data = try await Data(collecting: body, upTo: 64 * 1024)
            let problem = try JSONDecoder().decode(WayfinderProblem.self, from: data)
            return .refused(problem, retryAfter: payload.headerFields[.retryAfter].flatMap { Int($0) })
        } catch {
            return .unexpectedAnswer(status: status, underlyingError: error)
        }
    }
}

extension Components.Responses.BadRequest: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.Unauthorized: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.Forbidden: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.NotFound: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.Conflict: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.ContentTooLarge: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Components.Responses.TooManyRequests: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
    var retryAfter: Int? { headers.retryAfter }
}

extension Components.Responses.ServiceUnavailable: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
    var retryAfter: Int? { headers.retryAfter }
}

extension Operations.ResolveLink.Output.Unauthorized: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Operations.ResolveLink.Output.Gone: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Operations.ClaimDeferredLink.Output.NotFound: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}

extension Operations.ClaimDeferredLink.Output.Gone: ProblemAnswer {
    var problem: WayfinderProblem {
        switch body {
        case .applicationProblemJson(let problem): problem
        }
    }
}
