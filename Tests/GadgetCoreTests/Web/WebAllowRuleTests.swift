import Testing
@testable import GadgetCore

/// `"allow"`'s URL patterns: parsed the same way by `check` and by the helper's navigation policy.
@Suite struct WebAllowRuleTests {
    func rule(_ s: String) throws -> WebAllowRule { try WebAllowRule(parsing: s) }

    @Test func aTrailingStarAllowsEveryPageUnderThePrefix() throws {
        let r = try rule("https://menu.example.com/*")
        #expect(r.matches("https://menu.example.com/"))
        #expect(r.matches("https://MENU.example.com/drinks/tea?size=big#top"))
        #expect(!r.matches("http://menu.example.com/"))        // scheme
        #expect(!r.matches("https://menu.example.com:8443/"))  // port
        #expect(!r.matches("https://evil.com/menu.example.com/"))
        #expect(!r.matches("https://menu.example.com.evil.com/"))
    }

    @Test func aPathPrefix() throws {
        let r = try rule("https://example.com/menu/*")
        #expect(r.matches("https://example.com/menu/"))
        #expect(r.matches("https://example.com/menu/a"))
        #expect(!r.matches("https://example.com/about"))
    }

    @Test func withoutAStarThePathIsOnePage() throws {
        let r = try rule("https://example.com/menu")
        #expect(r.matches("https://example.com/menu?day=mon"))
        #expect(!r.matches("https://example.com/menu/a"))
    }

    @Test func noPathAllowsTheWholeSite() throws {
        let r = try rule("http://10.0.0.5:8080")
        #expect(r.matches("http://10.0.0.5:8080/anything"))
        #expect(!r.matches("http://10.0.0.5/anything"))
        #expect(try rule("https://a.com:443/*").matches("https://a.com/x"))
    }

    @Test func aLeadingStarDotAllowsSubdomainsOnly() throws {
        let r = try rule("https://*.example.com/*")
        #expect(r.matches("https://a.example.com/"))
        #expect(r.matches("https://a.b.example.com/x"))
        #expect(!r.matches("https://example.com/"))
        #expect(!r.matches("https://badexample.com/"))
    }

    @Test func rulesItCannotParseSayWhy() {
        func why(_ s: String) -> String? {
            do { _ = try WebAllowRule(parsing: s); return nil } catch { return error.description }
        }
        #expect(why("ftp://a.com/*") == #""ftp://a.com/*" is not an http:// or https:// pattern"#)
        #expect(why("menu.example.com") == #""menu.example.com" is not an http:// or https:// pattern"#)
        #expect(why("https://a*.com/") == #""https://a*.com/" has a "*" that is neither a leading "*." in the host nor at the end of the path"#)
        #expect(why("https:///x") == #""https:///x" is not a URL pattern like "https://menu.example.com/*""#)
        #expect(why("https://a.com:99999/") != nil)
        #expect(why("https://user@a.com/") != nil)
    }

    @Test func emptyAllowMeansTheStartOrigin() throws {
        let p = WebPageSpec(url: "https://menu.example.com/today")
        #expect(p.allows("https://menu.example.com/other"))
        #expect(!p.allows("https://example.com/"))
        #expect(!p.allows("http://menu.example.com/today"))
        let q = WebPageSpec(url: "https://menu.example.com/", allow: [try rule("https://pay.example.com/*")])
        #expect(q.allows("https://menu.example.com/"))  // the start URL always
        #expect(q.allows("https://pay.example.com/checkout"))
        #expect(!q.allows("https://menu.example.com/other"))
        #expect(!q.allows("javascript:alert(1)"))
    }

    @Test func urlsOtherThanHTTPAreNotURLs() {
        #expect(WebURL("file:///etc/passwd") == nil)
        #expect(WebURL("https://") == nil)
        #expect(WebURL("https://a b/") == nil)
        #expect(WebURL("https://[::1]:8080/x")?.host == "[::1]")
        #expect(WebURL("https://A.com?q")?.path == "/")
    }
}
