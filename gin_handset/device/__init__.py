"""The emulated phone: keys, input sources, skins and the handset drawing."""
