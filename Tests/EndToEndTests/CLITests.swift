import Foundation
import Testing

@Suite struct CLISmokeTests {
    @Test func placeholder() {
        #expect(1 + 1 == 2)
    }
}
