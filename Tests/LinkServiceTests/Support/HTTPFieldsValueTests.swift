import HTTPTypes
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Header values")
struct HTTPFieldsValueTests {
    @Test("a header's value is what HTTPFields' subscript answers: absent, once, several times, cookies")
    func sameAsSubscript() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .userAgent, value: "Agent/1"))
        fields.append(HTTPField(name: .accept, value: "text/html"))
        fields.append(HTTPField(name: .accept, value: "*/*"))
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        fields.append(HTTPField(name: HTTPField.Name("X-Empty")!, value: ""))
        let names: [HTTPField.Name] = [.userAgent, .accept, .cookie, .referer, HTTPField.Name("x-empty")!]
        for name in names {
            #expect(fields.value(of: name) == fields[name], "\(name)")
        }
        #expect(fields.value(of: .accept) == "text/html, */*")
        #expect(fields.value(of: .cookie) == "a=1; b=2")
        #expect(fields.value(of: .referer) == nil)
    }
}
