import DeepLinkRouting

/// RFC 7396 JSON merge patch: how `PATCH /api/v1/links/{slug}` changes a link. A member set to
/// `null` removes it; objects merge member by member; anything else replaces.
package enum JSONMergePatch {
    package static func apply(_ patch: JSONNode, to target: JSONNode) -> JSONNode {
        guard let patchMembers = patch.objectValue else { return patch }
        var members = target.objectValue ?? []
        for member in patchMembers {
            let index = members.firstIndex { $0.key == member.key }
            if member.value.value == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = apply(member.value, to: members[index].value)
            } else {
                members.append(.init(key: member.key, value: apply(member.value, to: JSONNode(.null))))
            }
        }
        return JSONNode(.object(members))
    }
}
