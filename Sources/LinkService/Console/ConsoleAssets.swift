import LinkCore

/// The console's stylesheet and its one script (`Templates/Resources/console.css`,
/// `console.js`, compiled into the module), served by the server itself: no fonts, scripts or
/// styles from elsewhere. The script only adds comfort: every task works without it.
package enum ConsoleAssets {
    package static let stylesheet = String(decoding: PackageResources.console_css, as: UTF8.self)
    package static let script = String(decoding: PackageResources.console_js, as: UTF8.self)
}
