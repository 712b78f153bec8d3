// The link service's library product is this module: an app that embeds the server names one
// import and gets the domain, the stores and the delivery workers its API speaks of.
@_exported import LinkCore
@_exported import LinkDelivery
@_exported import LinkStorage
