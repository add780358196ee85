#!/usr/bin/python3
"""An SMTP server for the e-mail tests (Debian's python3-aiosmtpd): listens on 127.0.0.1:PORT and writes each message
it accepts to FOLDER as one JSON file (envelope, headers, and every MIME leaf part decoded), so the tests read what a
mail server received without parsing MIME themselves. Prints "READY" once it accepts connections; stops on SIGTERM.
DELAY (seconds, optional) holds each answer back, so that concurrent senders overlap.

    /usr/bin/python3 tests/support/smtp-sink.py PORT FOLDER [DELAY]
"""

import asyncio

import json
import os
import signal
import sys
import time
from email import policy
from email.parser import BytesParser

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder, delay):
        self.folder = folder
        self.delay = delay

    async def handle_DATA(self, server, session, envelope):
        message = BytesParser(policy=policy.default).parsebytes(envelope.original_content or envelope.content)
        record = {
            'mail_from': envelope.mail_from,
            'rcpt_tos': envelope.rcpt_tos,
            'content_type': message.get_content_type(),
            'headers': {name.lower(): str(value) for name, value in message.items()},
            'parts': [
                {'type': part.get_content_type(), 'content': part.get_content()}
                for part in message.walk()
                if not part.is_multipart()
            ],
        }
        # Unique across restarts of the server on the same folder; written whole, then renamed into place.
        path = os.path.join(self.folder, '%d-%d.json' % (time.time_ns(), os.getpid()))
        with open(path + '.tmp', 'w', encoding='utf-8') as handle:
            json.dump(record, handle)
        os.rename(path + '.tmp', path)
        await asyncio.sleep(self.delay)
        return '250 Message accepted for delivery'


def main():
    port, folder = int(sys.argv[1]), sys.argv[2]
    delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    controller = Controller(Sink(folder, delay), hostname='127.0.0.1', port=port)
    controller.start()

    def stop(*_):
        controller.stop()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print('READY', flush=True)
    while True:
        signal.pause()


if __name__ == '__main__':
    main()
