import Foundation
import Synchronization

/// Money as people read it: digits grouped and two decimals in the user's
/// locale (`1,234,567.50`, `1.234.567,50`), with the currency's symbol
/// when the field names one (`{type: money, currency: EUR}` → `€1,234.50`
/// in en_US, `1.234,50 €` in de_DE; yen without decimals). The plain form
/// (`FieldValue.plainText`: `1234567.50`) is what csv and json get.
///
/// Foundation's format styles are values, so concurrent row builders may
/// share one formatter.
public struct MoneyFormatter: Sendable {
    /// The locale numbers are written in.
    public let locale: Locale

    /// Templates by currency code ("" for none), learned on first use and
    /// shared by copies (see `MoneyTemplate`); nil: Foundation each time.
    let templates = Templates()

    public init(locale: Locale = MoneyFormatter.fallbackLocale) {
        self.locale = locale
    }

    /// The learned templates (a class: copies of the formatter share them).
    final class Templates: Sendable {
        let known = Mutex<[String: MoneyTemplate?]>([:])
        /// Held while one is learned: a currency being learned (ahead, on
        /// another thread) is waited for, not learned twice.
        let learning = Mutex<Void>(())
    }

    /// Grouping and decimals when the environment names no usable locale
    /// (`C`, `POSIX` or nothing): English digits, commas and a point.
    public static let fallbackLocale = Locale(identifier: "en_US")

    /// The locale of `LC_ALL`, else `LC_MONETARY`, else `LANG`, as POSIX
    /// programs choose it (`de_DE.UTF-8` → de_DE); the fallback for C/POSIX.
    public static func locale(environment: [String: String]) -> Locale {
        let name = ["LC_ALL", "LC_MONETARY", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let base = name.split(separator: ".").first.map { $0.split(separator: "@").first.map(String.init) ?? "" } ?? ""
        guard !base.isEmpty, base != "C", base != "POSIX" else { return fallbackLocale }
        return Locale(identifier: base)
    }

    /// `value` for display; `currency` is an ISO 4217 code or nil.
    public func string(_ value: Double, currency: String?) -> String {
        guard value.isFinite else { return ValueFormatter.money(value) }
        if let template = template(currency), let text = template.string(value) { return text }
        return foundation(value, currency: currency)
    }

    /// The template for `currency`, learned the first time it is asked for.
    /// Asking for one another thread is learning waits for it (a list's
    /// source learns its money fields' ahead, while the terminal starts).
    package func template(_ currency: String?) -> MoneyTemplate? {
        let key = currency ?? ""
        if let known = templates.known.withLock({ $0[key] }) { return known }
        return templates.learning.withLock { _ in
            if let known = templates.known.withLock({ $0[key] }) { return known }
            let learned = MoneyTemplate { foundation($0, currency: currency) }
            templates.known.withLock { $0[key] = .some(learned) }
            return learned
        }
    }

    /// `value` as Foundation's format styles write it.
    func foundation(_ value: Double, currency: String?) -> String {
        if let currency {
            return value.formatted(.currency(code: currency).locale(locale))
        }
        return value.formatted(.number.precision(.fractionLength(2)).locale(locale))
    }
}
