import CFFmpeg
import GadgetCore

extension DMABufFrame {
    /// The dma-bufs of a DRM PRIME frame (`AVFrame.data[0]` points to its `AVDRMFrameDescriptor`),
    /// for the zero-copy import; nil for any other frame. The descriptors remain the frame's.
    static func of(_ frame: UnsafeMutablePointer<AVFrame>, color: VideoColor) -> DMABufFrame? {
        guard AVPixelFormat(rawValue: frame.pointee.format) == AV_PIX_FMT_DRM_PRIME,
              let raw = frame.pointee.data.0 else { return nil }
        let d = UnsafeRawPointer(raw).assumingMemoryBound(to: AVDRMFrameDescriptor.self).pointee
        let objectCount = Int(d.nb_objects), layerCount = Int(d.nb_layers)
        guard (1...Int(AV_DRM_MAX_PLANES)).contains(objectCount), (1...Int(AV_DRM_MAX_PLANES)).contains(layerCount) else { return nil }
        var objects: [Object] = []
        withUnsafeBytes(of: d.objects) { raw in
            let list = raw.bindMemory(to: AVDRMObjectDescriptor.self)
            for o in list.prefix(objectCount) { objects.append(Object(fd: o.fd, size: Int(o.size), modifier: o.format_modifier)) }
        }
        var layers: [Layer] = []
        withUnsafeBytes(of: d.layers) { raw in
            let list = raw.bindMemory(to: AVDRMLayerDescriptor.self)
            for l in list.prefix(layerCount) {
                var planes: [Plane] = []
                withUnsafeBytes(of: l.planes) { praw in
                    let ps = praw.bindMemory(to: AVDRMPlaneDescriptor.self)
                    for p in ps.prefix(max(0, min(Int(l.nb_planes), Int(AV_DRM_MAX_PLANES)))) {
                        planes.append(Plane(object: Int(p.object_index), offset: Int(p.offset), pitch: Int(p.pitch)))
                    }
                }
                layers.append(Layer(fourcc: l.format, planes: planes))
            }
        }
        return DMABufFrame(width: Int(frame.pointee.width), height: Int(frame.pointee.height), objects: objects, layers: layers, color: color)
    }
}
