import HTTPTypes
import LinkCore

extension Problem {
    /// `403`: `actor` lacks `permission`. A key's refusal (`insufficient-scope`) names the scopes
    /// that grant it; a person's (`insufficient-role`) the least role that does.
    package static func refusing(_ permission: Permission, to actor: Actor) -> Problem {
        switch actor.credential {
        case .key:
            let scopes = Scope.granting(permission).map(\.rawValue)
            let named =
                scopes.count == 1 ? "the scope \(scopes[0])" : "one of the scopes \(scopes.joined(separator: ", "))"
            return Problem(
                .forbidden, .insufficientScope, title: "The key's scopes do not allow this",
                detail:
                    "this call needs \(named) (permission \(permission.rawValue)); make a key that has it with `wayfinder keys create --scope \(scopes.first ?? "")`",
                field: "Authorization")
        case .person:
            let role = Role.least(granting: permission)
            return Problem(
                .forbidden, .insufficientRole, title: "Your role does not allow this",
                detail:
                    "this needs the role \(role.rawValue) or above (permission \(permission.rawValue)); ask an admin or owner of the tenant"
            )
        }
    }
}
