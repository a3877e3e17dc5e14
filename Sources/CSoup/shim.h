// libsoup 3 (HTTP and WebSocket server) and the GLib/GIO parts ReelHTTP uses, plus
// `static inline` helpers for what Swift's Clang importer cannot import: variadic
// constructors and the `g_signal_connect` macro with typed callbacks.
#ifndef REEL_CSOUP_SHIM_H
#define REEL_CSOUP_SHIM_H

#include <libsoup/soup.h>
#include <gio/gio.h>

/// `soup_server_new` is variadic (property list).
static inline SoupServer *reel_soup_server_new(void) {
  return soup_server_new("server-header", "reel-preview", NULL);
}

/// A server message's "finished" signal (the response was sent or the client left).
typedef void (*ReelMessageFinished)(SoupServerMessage *message, gpointer data);
static inline gulong reel_connect_message_finished(
    SoupServerMessage *message, ReelMessageFinished callback, gpointer data) {
  return g_signal_connect_data(message, "finished", G_CALLBACK(callback), data, NULL, 0);
}

/// A WebSocket connection's "closed" signal.
typedef void (*ReelWebSocketClosed)(SoupWebsocketConnection *connection, gpointer data);
static inline gulong reel_connect_websocket_closed(
    SoupWebsocketConnection *connection, ReelWebSocketClosed callback, gpointer data) {
  return g_signal_connect_data(connection, "closed", G_CALLBACK(callback), data, NULL, 0);
}

/// A directory monitor's "changed" signal.
typedef void (*ReelMonitorChanged)(
    GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data);
static inline gulong reel_connect_monitor_changed(
    GFileMonitor *monitor, ReelMonitorChanged callback, gpointer data) {
  return g_signal_connect_data(monitor, "changed", G_CALLBACK(callback), data, NULL, 0);
}

/// Disconnects every handler of `instance` whose data is `data`.
static inline void reel_disconnect_by_data(gpointer instance, gpointer data) {
  g_signal_handlers_disconnect_matched(instance, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, data);
}

/// The port a listening socket of the server is bound to (0 when it has none).
static inline guint reel_soup_server_port(SoupServer *server) {
  GSList *uris = soup_server_get_uris(server);
  guint port = 0;
  if (uris != NULL) {
    port = (guint)g_uri_get_port((GUri *)uris->data);
  }
  g_slist_free_full(uris, (GDestroyNotify)g_uri_unref);
  return port;
}

#endif
