import RowboatSpec

/// The last check before a request leaves: a registered secret (`Secrets`)
/// in its URL, headers or body goes only to the request's
/// `credentialOrigin`. Whatever put it there (a next-page URL or Link
/// header that copies the key, a redirect, an image or link URL from the
/// data, a template), a request that would carry one anywhere else is not
/// sent. Run before every exchange, redirects included.
enum CredentialGate {
    /// Throws `.credentialWithheld` when `spec` would carry a secret to an
    /// origin other than its own.
    static func check(_ spec: RequestSpec) throws(DataError) {
        guard Secrets.any, let target = URLOrigin(spec.url), target != spec.credentialOrigin else { return }
        let carries = Secrets.appear(in: spec.url)
            || spec.headers.contains { Secrets.appear(in: $0.1) }
            || spec.body.map { Secrets.appear(in: $0) } == true
        guard carries else { return }
        throw .credentialWithheld(to: target.description, home: spec.credentialOrigin?.description)
    }
}
