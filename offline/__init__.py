"""Bazaar without Discord: a fake Discord on 127.0.0.1 and the real bot played against it.

A layer above ``bot`` (it may import ``bot``, ``render`` and ``engines``; ``bot`` never imports it by name at
the top of a module, so ``bazaar run`` loads none of it):

- ``fakediscord``: a Discord that speaks Discord's REST and gateway protocols, for tests and local play; it
  imports nothing of the bot (docs/fake-discord.md).
- ``sandbox``: ``Sandbox``, the fake with one server and a ``#games`` channel and the real bot against it.
- ``local``: ``bazaar local``, lines of text typed as users into a sandbox, its answers printed
  (docs/local-play.md).
"""
