#!/usr/bin/env python3
"""A DNS front for the DNS client's tests: over UDP it answers every query with an empty,
truncated (TC) reply, as a server does when the answer does not fit a datagram; over TCP it
relays each message to a real DNS server and back. A client that reads the TC bit and asks
again over TCP gets the real answer; one that does not gets nothing.

    truncating_dns_front.py LISTEN_PORT UPSTREAM_PORT     (both on 127.0.0.1)
"""
import socket
import socketserver
import struct
import sys
import threading

LISTEN, UPSTREAM = int(sys.argv[1]), int(sys.argv[2])


class Datagram(socketserver.BaseRequestHandler):
    def handle(self):
        query, sock = self.request
        if len(query) < 12:
            return
        # The query's ID and question, flagged as a truncated response with no records.
        flags = 0x8000 | 0x0200 | (struct.unpack(">H", query[2:4])[0] & 0x0100)
        reply = query[0:2] + struct.pack(">HHHHH", flags, struct.unpack(">H", query[4:6])[0], 0, 0, 0) + query[12:]
        sock.sendto(reply, self.client_address)


class Stream(socketserver.BaseRequestHandler):
    def handle(self):
        with socket.create_connection(("127.0.0.1", UPSTREAM)) as upstream:
            length = self.request.recv(2, socket.MSG_WAITALL)
            message = self.request.recv(struct.unpack(">H", length)[0], socket.MSG_WAITALL)
            upstream.sendall(length + message)
            length = upstream.recv(2, socket.MSG_WAITALL)
            answer = upstream.recv(struct.unpack(">H", length)[0], socket.MSG_WAITALL)
            self.request.sendall(length + answer)


class ThreadingUDP(socketserver.ThreadingMixIn, socketserver.UDPServer):
    allow_reuse_address = True


class ThreadingTCP(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True


udp = ThreadingUDP(("127.0.0.1", LISTEN), Datagram)
tcp = ThreadingTCP(("127.0.0.1", LISTEN), Stream)
threading.Thread(target=udp.serve_forever, daemon=True).start()
print("ready", flush=True)
tcp.serve_forever()
