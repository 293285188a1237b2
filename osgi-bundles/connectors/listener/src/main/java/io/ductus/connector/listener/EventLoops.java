package io.ductus.connector.listener;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The engine's one set of Netty event loops (a thread per core), shared by every listener of every
 * connector type: a DS service the connector factories reference. Outside OSGi (a connector's own tests)
 * a factory makes one for itself with {@link #EventLoops()} and closes it with {@link #close()}.
 */
@Component(service = EventLoops.class)
public final class EventLoops implements AutoCloseable {

    private final EventLoopGroup group;

    @Activate
    public EventLoops() {
        this.group = new MultiThreadIoEventLoopGroup(Runtime.getRuntime().availableProcessors(), NioIoHandler.newFactory());
    }

    /** The event loops; listeners register their channels with them. */
    public EventLoopGroup group() {
        return group;
    }

    /** The bundle is stopping: the engine has stopped every listener by now. */
    @Deactivate
    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    }
}
