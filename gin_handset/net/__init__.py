"""Two people at one table over the network: the protocol, the table, its server and client.

No module here imports pygame; ``client`` and ``bot`` run off the game's main loop.
"""
